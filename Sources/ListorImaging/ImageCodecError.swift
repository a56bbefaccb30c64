/// An image that cannot be decoded or encoded, saying why in words a person can act on.
public enum ImageCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither JPEG nor PNG, whatever the file is called.
    case notAnImage
    /// Larger than allowed, from its header (a decompression bomb, or simply too big).
    case tooLarge(ImageCodec.Format, String)
    /// Truncated or corrupt: the library's reason.
    case unreadable(ImageCodec.Format, String)
    case unwritable(ImageCodec.Format, String)

    public var description: String {
        switch self {
        case .notAnImage: "not a JPEG or PNG image"
        case .tooLarge(let format, let reason): "the \(format.rawValue.uppercased()) is too large: \(reason)"
        case .unreadable(let format, let reason): "the \(format.rawValue.uppercased()) cannot be read: \(reason)"
        case .unwritable(let format, let reason): "cannot write a \(format.rawValue.uppercased()): \(reason)"
        }
    }
}
