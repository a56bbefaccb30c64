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

    /// The pixels of a JPEG or PNG. Throws `.notAnImage`, `.tooLarge` (from the header) or
    /// `.unreadable` with libjpeg's or libpng's reason (a truncated or corrupt file).
    public static func decode(_ bytes: [UInt8], maximumPixels: Int = defaultMaximumPixels) throws(ImageCodecError) -> RasterImage {
        guard let format = format(of: bytes) else { throw .notAnImage }
        var raster = listor_raster()
        let (status, message) = withMessage { message, size in
            bytes.withUnsafeBufferPointer { buffer in
                format == .jpeg
                    ? listor_jpeg_decode(buffer.baseAddress, buffer.count, maximumPixels, &raster, message, size)
                    : listor_png_decode(buffer.baseAddress, buffer.count, maximumPixels, &raster, message, size)
            }
        }
        if status == -2 { throw .tooLarge(format, message) }
        guard status == 0, let pixels = raster.pixels else { throw .unreadable(format, message) }
        defer { listor_free(pixels) }
        let count = Int(raster.width) * Int(raster.height) * 4
        let image = RasterImage(width: Int(raster.width), height: Int(raster.height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        guard let image else { throw .unreadable(format, "an image without pixels") }
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
