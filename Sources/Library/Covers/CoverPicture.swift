/// A book's cover as a page shows it: its bytes and their type, and where it came from. A
/// failure still has a picture (the frame with a cross), so that a page never has a hole.
public struct CoverPicture: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// Uploaded for the book.
        case uploaded
        /// From the cover service, by the book's ISBN.
        case service
        /// Made here from the title and author: no cover was uploaded, and the service has none.
        case placeholder
        /// The cover could not be had this time, and why; asked for again on the next request.
        case failed(String)
    }

    public let bytes: [UInt8]
    /// "image/jpeg", "image/png" or "image/svg+xml".
    public let mediaType: String
    public let source: Source

    public init(bytes: [UInt8], mediaType: String, source: Source) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.source = source
    }
}
