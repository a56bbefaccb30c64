import Foundation

/// What a view shows in an image's place: the image, or while it loads a placeholder, or when
/// it cannot be had the failure picture, so that a missing picture never leaves a hole.
public enum ImageContent: Sendable, Hashable {
    case image([UInt8])
    case placeholder
    case failed(String)

    /// A neutral grey frame, as SVG.
    public static let placeholderSVG = Array(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 125" role="img" aria-label="Loading"><rect width="100" height="125" fill="#E6E6E6"/></svg>"##.utf8)
    /// The frame with a cross: no picture.
    public static let failureSVG = Array(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 125" role="img" aria-label="No picture"><rect width="100" height="125" fill="#E6E6E6"/><path d="M35 47 L65 77 M65 47 L35 77" stroke="#9A9A9A" stroke-width="4"/></svg>"##.utf8)

    /// The bytes to draw.
    public var bytes: [UInt8] {
        switch self {
        case .image(let bytes): bytes
        case .placeholder: Self.placeholderSVG
        case .failed: Self.failureSVG
        }
    }
}
