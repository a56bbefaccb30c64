import Tagged

/// A size a page shows covers at, at one or two device pixels per CSS pixel: the list's
/// thumbnails (`small`, 40 × 60) and the grid's and the book page's (`medium`, 180 × 270).
/// Each is made once from the cover, on its first request, and cached.
public struct CoverRendition: Sendable, Hashable, CustomStringConvertible {
    public enum Size: String, Sendable, CaseIterable {
        case small, medium

        /// The box a cover fits in, in CSS pixels.
        public var box: (width: Int, height: Int) {
            switch self {
            case .small: (40, 60)
            case .medium: (180, 270)
            }
        }
    }

    public let size: Size
    /// 1 or 2 device pixels per CSS pixel.
    public let scale: Int

    public static let small = CoverRendition(.small)
    public static let medium = CoverRendition(.medium)

    public init(_ size: Size, scale: Int = 1) {
        self.size = size
        self.scale = scale == 2 ? 2 : 1
    }

    /// "small", "medium@2x": how a cover's address names it.
    public init?(name: String) {
        let parts = name.split(separator: "@", omittingEmptySubsequences: false)
        guard let size = Size(rawValue: String(parts[0])), parts.count == 1 || (parts.count == 2 && parts[1] == "2x") else { return nil }
        self.init(size, scale: parts.count == 2 ? 2 : 1)
    }

    public var name: String { scale == 2 ? "\(size.rawValue)@2x" : size.rawValue }
    public var description: String { name }

    /// The most pixels a side has.
    public var pixels: (width: Int, height: Int) { (size.box.width * scale, size.box.height * scale) }

    /// Where Listor serves the book's cover at this rendition, its version in the query so that a
    /// new cover is a new address: "/library/covers/12?v=3", "/library/covers/12/small@2x?v=3".
    public func path(of book: Book) -> String {
        path(id: book.id, version: book.version)
    }

    public func path(id: Book.ID, version: Int) -> String {
        let base = "/library/covers/\(id.rawValue)"
        return (self == .medium ? base : base + "/" + name) + "?v=\(version)"
    }
}
