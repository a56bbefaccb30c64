import ListorKit
import Testing
@testable import Library

/// The colours a detail page takes from a cover, on covers made in the test from known pixels.
@Suite struct CoverColorsTests {
    /// Columns of colours: each (colour, width in pixels) in turn, `height` rows high.
    static func cover(_ bands: [(RGBColor, Int)], height: Int = 60) -> RasterImage {
        let width = bands.reduce(0) { $0 + $1.1 }
        var row: [UInt8] = []
        for (color, count) in bands { for _ in 0..<count { row += [color.red, color.green, color.blue, 255] } }
        return RasterImage(width: width, height: height, pixels: Array(repeating: row, count: height).flatMap { $0 })!
    }

    static let navy = RGBColor(red: 20, green: 30, blue: 90)
    static let yellow = RGBColor(red: 250, green: 220, blue: 40)
    static let cyan = RGBColor(red: 120, green: 230, blue: 240)

    @Test func theBackgroundIsTheLeftEdgeAndTheTextColoursTheCoversMostFrequentOthers() {
        let colors = CoverColors(of: Self.cover([(Self.navy, 20), (Self.yellow, 40), (Self.cyan, 25), (.white, 10)]))
        #expect(colors.background == CoverColors.quantized(Self.navy))
        #expect(colors.primary == CoverColors.quantized(Self.yellow))
        #expect(colors.secondary == CoverColors.quantized(Self.cyan))
        #expect(colors.detail == .white)
    }

    /// A white edge gives way to a colour that covers a third as much of it, as UIImageColors does.
    @Test func aWhiteEdgeGivesWayToAColourBesideIt() {
        let green = RGBColor(red: 30, green: 140, blue: 60)
        var image = Self.cover([(.white, 10), (Self.yellow, 30)], height: 100)
        // The left column's lower 40 rows are green.
        var pixels = image.pixels
        for y in 60..<100 { pixels.replaceSubrange((y * 40 * 4)..<(y * 40 * 4 + 4), with: [green.red, green.green, green.blue, 255]) }
        image = RasterImage(width: 40, height: 100, pixels: pixels)!
        #expect(CoverColors(of: image).background == CoverColors.quantized(green))
    }

    /// However grey and low in contrast the cover, every text colour reads at 4.5:1 or more on
    /// the background (WCAG AA).
    @Test(arguments: [RGBColor(red: 128, green: 128, blue: 128), RGBColor(red: 118, green: 118, blue: 118), RGBColor(red: 200, green: 60, blue: 60)])
    func textStaysReadableWhateverTheCover(background: RGBColor) {
        var pixels: [UInt8] = []
        var seed: UInt32 = 12345
        for index in 0..<(80 * 80) {
            seed = seed &* 1_103_515_245 &+ 12345
            let noise = UInt8(truncatingIfNeeded: seed >> 16) % 40
            let near = index % 80 == 0 ? background : RGBColor(red: background.red &+ noise / 2, green: background.green, blue: background.blue &+ noise / 3)
            pixels += [near.red, near.green, near.blue, 255]
        }
        let colors = CoverColors(of: RasterImage(width: 80, height: 80, pixels: pixels)!)
        for text in [colors.primary, colors.secondary, colors.detail] {
            #expect(text.contrast(with: colors.background) >= 4.5, "\(text) on \(colors.background)")
        }
    }

    @Test func contrastIsWCAGs() {
        #expect(abs(RGBColor.black.contrast(with: .white) - 21) < 0.001)
        #expect(abs(RGBColor(red: 0x76, green: 0x76, blue: 0x76).contrast(with: .white) - 4.54) < 0.01)
        #expect(RGBColor(red: 0x1F, green: 0x5F, blue: 0xBF).hex == "#1F5FBF")
        let grey = RGBColor(red: 150, green: 150, blue: 150)
        #expect(grey.readable(on: .white).contrast(with: .white) >= 4.5)
        #expect(grey.readable(on: .white) != .black, "only as much darker as needed")
    }
}
