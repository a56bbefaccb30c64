import ListorImaging
import ListorKit

/// Pictures made in tests from known pixels: covers with known dominant colours, and the bad
/// files an upload or a cover service may bring.
public enum TestImages {
    /// A 120 × 180 cover: `background` everywhere (its left edge included) but a band of `band`
    /// across its middle third and a smaller block of `accent` above it.
    public static func cover(background: RGBColor, band: RGBColor, accent: RGBColor? = nil) -> RasterImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(120 * 180 * 4)
        for y in 0..<180 {
            for x in 0..<120 {
                let color = (60..<120).contains(y) && x >= 8 ? band : ((20..<45).contains(y) && (20..<100).contains(x) ? accent ?? background : background)
                pixels += [color.red, color.green, color.blue, 255]
            }
        }
        return RasterImage(width: 120, height: 180, pixels: pixels) ?? RasterImage(width: 1, height: 1, red: 0, green: 0, blue: 0)
    }

    public static func jpeg(_ image: RasterImage) throws -> [UInt8] { try ImageCodec.jpeg(image, quality: 92) }
    public static func png(_ image: RasterImage) throws -> [UInt8] { try ImageCodec.png(image) }

    /// A small PNG whose header claims 50,000 × 50,000 pixels: a decompression bomb.
    public static func bombPNG() throws -> [UInt8] {
        var png = try ImageCodec.png(RasterImage(width: 1, height: 1, red: 0, green: 0, blue: 0))
        // IHDR: length (4), "IHDR" (4), width (4) at 16, height (4) at 20, …, CRC over type and data.
        for (offset, value) in [(16, UInt32(50_000)), (20, UInt32(50_000))] {
            for byte in 0..<4 { png[offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(byte))) }
        }
        let crc = crc32(png[12..<29])
        for byte in 0..<4 { png[29 + byte] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(byte))) }
        return png
    }

    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
