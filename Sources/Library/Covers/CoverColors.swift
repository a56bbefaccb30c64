import Foundation
import ListorKit

/// The four colours a book's detail page takes from its cover, as UIImageColors gives them to
/// the seed's app: the background (the colour of the cover's left edge), and primary, secondary
/// and detail colours for text, picked from the cover's most frequent colours that stand out
/// from that background and from each other. The text colours are then made readable on the
/// background (WCAG AA, 4.5:1), whatever the cover.
public struct CoverColors: Sendable, Hashable {
    public var background: RGBColor
    public var primary: RGBColor
    public var secondary: RGBColor
    public var detail: RGBColor

    public init(background: RGBColor, primary: RGBColor, secondary: RGBColor, detail: RGBColor) {
        self.background = background
        self.primary = primary
        self.secondary = secondary
        self.detail = detail
    }

    /// "#112233 #445566 #778899 #AABBCC": background, primary, secondary, detail, as a store keeps them.
    public var text: String { [background, primary, secondary, detail].map(\.hex).joined(separator: " ") }

    /// The colours `text` holds; nil when it is not four colours.
    public init?(text: String) {
        let colors = text.split(separator: " ").compactMap { RGBColor(hex: String($0)) }
        guard colors.count == 4 else { return nil }
        (background, primary, secondary, detail) = (colors[0], colors[1], colors[2], colors[3])
    }

    /// The colours of `image`, analysed on a copy at most 100 pixels a side.
    public init(of image: RasterImage) {
        let small = image.fitting(width: 100, height: 100)
        var counts: [RGBColor: Int] = [:]
        var edge: [RGBColor: Int] = [:]
        for y in 0..<small.height {
            for x in 0..<small.width {
                let pixel = small.pixel(x: x, y: y)
                // Fully transparent pixels are no colour of the cover's.
                guard pixel.alpha > 0 else { continue }
                let color = Self.quantized(RGBColor(red: pixel.red, green: pixel.green, blue: pixel.blue))
                counts[color, default: 0] += 1
                if x == 0 { edge[color, default: 0] += 1 }
            }
        }
        let background = Self.edgeColor(edge, height: small.height) ?? .white
        let isDark = background.isDark
        // Candidates: frequent colours on the other side of light and dark from the background.
        let threshold = max(1, small.width * small.height / 100)
        let candidates = counts.filter { $0.value >= threshold }
            .map { (color: $0.key.withMinimumSaturation(0.15), count: $0.value) }
            .filter { $0.color.isDark != isDark }
            .sorted { ($0.count, $0.color.hex) > ($1.count, $1.color.hex) }
            .map(\.color)
        var picked: [RGBColor] = []
        for color in candidates where color.isDistinct(from: background) && picked.allSatisfy({ color.isDistinct(from: $0) }) {
            picked.append(color)
            if picked.count == 3 { break }
        }
        let fallback: RGBColor = isDark ? .white : .black
        while picked.count < 3 { picked.append(fallback) }
        self.background = background
        primary = picked[0].readable(on: background)
        secondary = picked[1].readable(on: background)
        detail = picked[2].readable(on: background)
    }

    /// The most frequent colour of the left edge, unless that is near black or white and another
    /// colour covers at least a third as much of it.
    static func edgeColor(_ edge: [RGBColor: Int], height: Int) -> RGBColor? {
        let sorted = edge.filter { $0.value >= max(1, height / 100) }.sorted { ($0.value, $0.key.hex) > ($1.value, $1.key.hex) }
        guard let first = sorted.first else { return nil }
        guard first.key.isBlackOrWhite else { return first.key }
        return sorted.dropFirst().first { !$0.key.isBlackOrWhite && Double($0.value) / Double(first.value) > 0.3 }?.key ?? first.key
    }

    /// Colours rounded to 32 levels a channel, so that the noise of a photo or a JPEG counts as one colour.
    static func quantized(_ color: RGBColor) -> RGBColor {
        func level(_ value: UInt8) -> UInt8 { UInt8(min(255, (Int(value) + 4) / 8 * 8)) }
        return RGBColor(red: level(color.red), green: level(color.green), blue: level(color.blue))
    }
}

extension RGBColor {
    /// "#1F5FBF"; nil for anything else.
    init?(hex: String) {
        guard hex.count == 7, hex.hasPrefix("#"), let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    var isDark: Bool {
        0.2126 * Double(red) / 255 + 0.7152 * Double(green) / 255 + 0.0722 * Double(blue) / 255 < 0.5
    }

    var isBlackOrWhite: Bool {
        let channels = [red, green, blue]
        return channels.allSatisfy { $0 > 232 } || channels.allSatisfy { $0 < 23 }
    }

    /// As UIImageColors tells colours apart: a channel differs by more than a quarter, and they
    /// are not both grey.
    func isDistinct(from other: RGBColor) -> Bool {
        let threshold = 0.25 * 255
        let differs = abs(Double(red) - Double(other.red)) > threshold || abs(Double(green) - Double(other.green)) > threshold
            || abs(Double(blue) - Double(other.blue)) > threshold
        return differs && !(isGrey && other.isGrey)
    }

    private var isGrey: Bool {
        let channels = [Int(red), Int(green), Int(blue)]
        return (channels.max() ?? 0) - (channels.min() ?? 0) < 8
    }

    /// The colour with its saturation raised to at least `minimum` (HSB), as UIImageColors does
    /// before it picks text colours.
    func withMinimumSaturation(_ minimum: Double) -> RGBColor {
        let channels = [Double(red), Double(green), Double(blue)].map { $0 / 255 }
        let maximum = channels.max() ?? 0, least = channels.min() ?? 0
        guard maximum > 0, (maximum - least) / maximum < minimum else { return self }
        // Keep hue and brightness; spread the channels around the brightest.
        let newLeast = maximum * (1 - minimum)
        let scale = maximum - least == 0 ? 0 : (maximum - newLeast) / (maximum - least)
        func adjusted(_ value: Double) -> UInt8 {
            let result = maximum - least == 0 ? (value == maximum ? value : newLeast) : maximum - (maximum - value) * scale
            return UInt8((min(max(result, 0), 1) * 255).rounded())
        }
        return RGBColor(red: adjusted(channels[0]), green: adjusted(channels[1]), blue: adjusted(channels[2]))
    }
}
