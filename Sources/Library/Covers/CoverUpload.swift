import ListorImaging
import ListorKit

/// A cover someone uploads for a book: checked by decoding it, never by its name or its stated
/// type, and kept with the colours taken from it. At most `maximumBytes` and `maximumPixels`.
public enum CoverUpload {
    /// 5 MiB: a large cover photo, and far below what the server lets a form send.
    public static let maximumBytes = 5 << 20
    /// 40 megapixels, from the header: a decompression bomb is refused before it is decoded.
    public static let maximumPixels = ImageCodec.defaultMaximumPixels

    /// "5 MiB": the limit as a form states it.
    public static var limitText: String { megabytes(maximumBytes) }

    /// The cover as a store keeps it, or what is wrong with it, for the form's "cover" field.
    public static func checked(_ bytes: [UInt8]) -> Result<StoredCover, FieldError> {
        func refused(_ message: String) -> Result<StoredCover, FieldError> { .failure(FieldError(field: "cover", message: message)) }
        guard !bytes.isEmpty else { return refused("is an empty file; choose a JPEG or PNG picture") }
        guard bytes.count <= maximumBytes else { return refused("is \(megabytes(bytes.count)); the limit is \(megabytes(maximumBytes))") }
        do {
            let image = try ImageCodec.decode(bytes, maximumPixels: maximumPixels)
            let format = ImageCodec.format(of: bytes) ?? .jpeg
            return .success(StoredCover(mediaType: format.mediaType, bytes: bytes, colors: CoverColors(of: image)))
        } catch {
            return switch error {
            case .notAnImage: refused("is not a JPEG or PNG picture (its content is neither, whatever the file is called)")
            case .tooLarge(_, let reason): refused("is too large a picture: \(reason)")
            case .unreadable(let format, let reason): refused("is a damaged or truncated \(format.rawValue.uppercased()): \(reason)")
            case .unwritable(_, let reason): refused("cannot be kept: \(reason)")
            }
        }
    }

    /// "6.2 MiB", "5 MiB", "812 KiB".
    static func megabytes(_ count: Int) -> String {
        if count < 1 << 20 { return "\((count + 1023) / 1024) KiB" }
        let tenths = (count * 10 + (1 << 19)) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
