import Foundation

/// A cover uploaded for a book, as the store keeps it: the image's bytes as they were checked
/// (JPEG or PNG), and the colours taken from it, cached with it.
public struct StoredCover: Sendable, Hashable {
    /// "image/jpeg" or "image/png".
    public var mediaType: String
    public var bytes: [UInt8]
    public var colors: CoverColors?

    public init(mediaType: String, bytes: [UInt8], colors: CoverColors?) {
        self.mediaType = mediaType
        self.bytes = bytes
        self.colors = colors
    }
}
