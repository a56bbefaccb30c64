/// An image as pixels: `width` × `height`, four bytes each (red, green, blue, alpha), rows top
/// to bottom. What decoders give and encoders take; resizing and colour analysis work on it.
public struct RasterImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    /// Nil when `pixels` does not hold `width` × `height` × 4 bytes or a side is not positive.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// One colour everywhere.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.width = max(1, width)
        self.height = max(1, height)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(self.width * self.height * 4)
        for _ in 0..<self.width * self.height { pixels += [red, green, blue, alpha] }
        self.pixels = pixels
    }

    /// The pixel at `x`, `y`: red, green, blue, alpha.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// The image scaled down to fit within `maximumWidth` × `maximumHeight`, keeping its
    /// proportions; each new pixel is the mean of the pixels it covers (a box filter, which does
    /// not alias when shrinking). An image that already fits is returned as it is.
    public func fitting(width maximumWidth: Int, height maximumHeight: Int) -> RasterImage {
        guard width > maximumWidth || height > maximumHeight else { return self }
        let scale = min(Double(maximumWidth) / Double(width), Double(maximumHeight) / Double(height))
        let newWidth = max(1, Int((Double(width) * scale).rounded()))
        let newHeight = max(1, Int((Double(height) * scale).rounded()))
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for row in 0..<newHeight {
            let top = row * height / newHeight, bottom = max(top + 1, (row + 1) * height / newHeight)
            for column in 0..<newWidth {
                let left = column * width / newWidth, right = max(left + 1, (column + 1) * width / newWidth)
                var sums = (0, 0, 0, 0)
                for y in top..<bottom {
                    var offset = (y * width + left) * 4
                    for _ in left..<right {
                        sums.0 += Int(pixels[offset]); sums.1 += Int(pixels[offset + 1])
                        sums.2 += Int(pixels[offset + 2]); sums.3 += Int(pixels[offset + 3])
                        offset += 4
                    }
                }
                let count = (bottom - top) * (right - left)
                let target = (row * newWidth + column) * 4
                result[target] = UInt8((sums.0 + count / 2) / count)
                result[target + 1] = UInt8((sums.1 + count / 2) / count)
                result[target + 2] = UInt8((sums.2 + count / 2) / count)
                result[target + 3] = UInt8((sums.3 + count / 2) / count)
            }
        }
        return RasterImage(uncheckedWidth: newWidth, height: newHeight, pixels: result)
    }

    private init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
