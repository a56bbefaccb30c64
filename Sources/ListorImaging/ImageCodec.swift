import CListorImaging
import ListorKit

/// JPEG and PNG to and from `RasterImage`, on the system's libjpeg-turbo and libpng. The format
/// is told by content, never by name; an image larger than `maximumPixels` is refused from its
/// header, before any pixel is decoded (a decompression bomb declares a huge size in a few bytes).
public enum ImageCodec {
    public enum Format: String, Sendable {
        case jpeg, png

        public var mediaType: String { self == .jpeg ? "image/jpeg" : "image/png" }
    }

    /// 40 megapixels: more than any cover or product photo needs.
    public static let defaultMaximumPixels = 40_000_000

    /// JPEG or PNG by their first bytes; nil for anything else.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    /// The image's format and size from its header alone.
    public static func header(of bytes: [UInt8]) throws(ImageCodecError) -> (format: Format, width: Int, height: Int) {
        guard let format = format(of: bytes) else { throw .notAnImage }
        var width: Int32 = 0, height: Int32 = 0
        let (status, message) = withMessage { message, size in
            bytes.withUnsafeBufferPointer { buffer in
                format == .jpeg
                    ? listor_jpeg_header(buffer.baseAddress, buffer.count, &width, &height, message, size)
                    : listor_png_header(buffer.baseAddress, buffer.count, &width, &height, message, size)
            }
        }
        guard status == 0 else { throw .unreadable(format, message) }
        return (format, Int(width), Int(height))
    }

    /// The pixels of a JPEG or PNG (a CMYK JPEG's as RGB). Throws `.notAnImage`, `.tooLarge`
    /// (from the header, before any memory for pixels is taken) or `.unreadable` with libjpeg's
    /// or libpng's reason (a truncated or corrupt file). The pixels are decoded straight into
    /// the image's storage: the only copy of them there is.
    public static func decode(_ bytes: [UInt8], maximumPixels: Int = defaultMaximumPixels) throws(ImageCodecError) -> RasterImage {
        let (format, width, height) = try header(of: bytes)
        guard width > 0, height > 0 else { throw .unreadable(format, "an image without pixels") }
        guard width * height <= maximumPixels else { throw .tooLarge(format, "\(width) × \(height) pixels is more than the \(maximumPixels) allowed") }
        var status: Int32 = 0
        var message = ""
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            (status, message) = withMessage { text, size in
                bytes.withUnsafeBufferPointer { data in
                    format == .jpeg
                        ? listor_jpeg_decode(data.baseAddress, data.count, buffer.baseAddress, Int32(width), Int32(height), text, size)
                        : listor_png_decode(data.baseAddress, data.count, buffer.baseAddress, Int32(width), Int32(height), text, size)
                }
            }
            count = status == 0 ? buffer.count : 0
        }
        guard status == 0, let image = RasterImage(width: width, height: height, pixels: pixels) else { throw .unreadable(format, message) }
        return image
    }

    /// `image` as a baseline JPEG of `quality` (1 to 100); transparency is dropped.
    public static func jpeg(_ image: RasterImage, quality: Int = 85) throws(ImageCodecError) -> [UInt8] {
        try encode(.jpeg) { output, size, message, messageSize in
            image.pixels.withUnsafeBufferPointer {
                listor_jpeg_encode($0.baseAddress, Int32(image.width), Int32(image.height), Int32(min(max(quality, 1), 100)), output, size, message, messageSize)
            }
        }
    }

    public static func png(_ image: RasterImage) throws(ImageCodecError) -> [UInt8] {
        try encode(.png) { output, size, message, messageSize in
            image.pixels.withUnsafeBufferPointer {
                listor_png_encode($0.baseAddress, Int32(image.width), Int32(image.height), output, size, message, messageSize)
            }
        }
    }

    private static func encode(
        _ format: Format, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) throws(ImageCodecError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let (status, message) = withMessage { message, messageSize in body(&output, &size, message, messageSize) }
        guard status == 0, let output else { throw .unwritable(format, message) }
        defer { listor_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    private static func withMessage(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (Int32, String) {
        var buffer = [CChar](repeating: 0, count: 256)
        let status = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (status, message)
    }
}
