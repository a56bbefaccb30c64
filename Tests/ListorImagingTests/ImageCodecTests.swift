import ListorImaging
import ListorKit
import ListorTestSupport
import Testing

/// JPEG and PNG through the system's libjpeg-turbo and libpng: round trips of known pixels,
/// and every kind of bad file refused with a reason rather than a crash.
@Suite struct ImageCodecTests {
    /// Four quadrants: red, green, blue and white, 32 × 32.
    static let quadrants: RasterImage = {
        var pixels: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<32 {
                switch (x < 16, y < 16) {
                case (true, true): pixels += [255, 0, 0, 255]
                case (false, true): pixels += [0, 255, 0, 255]
                case (true, false): pixels += [0, 0, 255, 255]
                case (false, false): pixels += [255, 255, 255, 255]
                }
            }
        }
        return RasterImage(width: 32, height: 32, pixels: pixels)!
    }()

    @Test func pngRoundTripsExactly() throws {
        let png = try ImageCodec.png(Self.quadrants)
        #expect(ImageCodec.format(of: png) == .png)
        #expect(try ImageCodec.header(of: png) == (.png, 32, 32))
        #expect(try ImageCodec.decode(png) == Self.quadrants)
    }

    @Test func jpegRoundTripsClosely() throws {
        let jpeg = try ImageCodec.jpeg(Self.quadrants, quality: 95)
        #expect(ImageCodec.format(of: jpeg) == .jpeg)
        #expect(try ImageCodec.header(of: jpeg) == (.jpeg, 32, 32))
        let decoded = try ImageCodec.decode(jpeg)
        #expect(decoded.width == 32 && decoded.height == 32)
        let red = decoded.pixel(x: 4, y: 4), white = decoded.pixel(x: 28, y: 28)
        #expect(red.red > 240 && red.green < 16 && red.blue < 16, "\(red)")
        #expect(white.red > 240 && white.green > 240 && white.blue > 240, "\(white)")
    }

    @Test func shrinkingAveragesThePixelsEachNewOneCovers() {
        let small = Self.quadrants.fitting(width: 2, height: 2)
        #expect(small.width == 2 && small.height == 2)
        #expect(small.pixels == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
        let wide = RasterImage(width: 400, height: 100, red: 10, green: 20, blue: 30)
        let fitted = wide.fitting(width: 100, height: 100)
        #expect((fitted.width, fitted.height) == (100, 25))
        #expect(fitted.pixel(x: 50, y: 12) == (10, 20, 30, 255))
        #expect(Self.quadrants.fitting(width: 64, height: 64) == Self.quadrants, "an image that fits is kept")
    }

    @Test func aFileThatIsNoImageIsNamed() {
        #expect(throws: ImageCodecError.notAnImage) { try ImageCodec.decode(Array("title,author\nDune,Herbert\n".utf8)) }
        #expect(ImageCodecError.notAnImage.description == "not a JPEG or PNG image")
    }

    @Test func truncatedFilesAreRefusedWithTheLibrarysReason() throws {
        let jpeg = try ImageCodec.jpeg(Self.quadrants)
        let error = #expect(throws: ImageCodecError.self) { try ImageCodec.decode(Array(jpeg.prefix(jpeg.count / 2))) }
        guard case .unreadable(.jpeg, let reason) = error else {
            Issue.record("expected an unreadable JPEG, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
        let png = try ImageCodec.png(Self.quadrants)
        #expect(throws: ImageCodecError.self) { try ImageCodec.decode(Array(png.prefix(60))) }
    }

    /// Print covers are often CMYK. The fixture is a 60 × 90 CMYK JPEG as Photoshop saves one
    /// (an Adobe marker, inks stored inverted), written once with libjpeg: navy, with a yellow
    /// band across its middle third.
    @Test func aCMYKJPEGIsReadAsRGB() throws {
        let image = try ImageCodec.decode(try Array(Fixtures.data(Fixtures.cmykCover)))
        #expect((image.width, image.height) == (60, 90))
        func near(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ expected: (Int, Int, Int)) -> Bool {
            abs(Int(pixel.red) - expected.0) <= 8 && abs(Int(pixel.green) - expected.1) <= 8 && abs(Int(pixel.blue) - expected.2) <= 8 && pixel.alpha == 255
        }
        #expect(near(image.pixel(x: 30, y: 10), (24, 40, 112)), "\(image.pixel(x: 30, y: 10))")
        #expect(near(image.pixel(x: 30, y: 45), (248, 200, 40)), "\(image.pixel(x: 30, y: 45))")
    }

    /// A PNG whose header claims 50,000 × 50,000 pixels is refused before a pixel is decoded.
    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        let png = try TestImages.bombPNG()
        #expect(try ImageCodec.header(of: png) == (.png, 50_000, 50_000))
        #expect(throws: ImageCodecError.tooLarge(.png, "50000 × 50000 pixels is more than the 40000000 allowed")) {
            try ImageCodec.decode(png)
        }
    }
}
