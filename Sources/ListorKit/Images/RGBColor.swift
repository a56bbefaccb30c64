import Foundation

/// A colour as 8-bit red, green and blue, with what WCAG 2 says about reading text on it.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// "#1F5FBF", as CSS takes it.
    public var hex: String {
        "#" + [red, green, blue].map { value in
            let digits = String(value, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    public var description: String { hex }

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    public var luminance: Double {
        func linear(_ value: UInt8) -> Double {
            let channel = Double(value) / 255
            return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio between this colour and `other`, from 1 to 21.
    public func contrast(with other: RGBColor) -> Double {
        let (lighter, darker) = luminance >= other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// This colour, or the nearest one towards black or white (whichever contrasts more with
    /// `background`) that reaches `ratio` on it: text that stays readable whatever the cover.
    public func readable(on background: RGBColor, ratio: Double = 4.5) -> RGBColor {
        if contrast(with: background) >= ratio { return self }
        let target: RGBColor = RGBColor.black.contrast(with: background) >= RGBColor.white.contrast(with: background) ? .black : .white
        for step in 1...20 {
            let mixed = mix(with: target, amount: Double(step) / 20)
            if mixed.contrast(with: background) >= ratio { return mixed }
        }
        return target
    }

    /// `amount` of the way from this colour to `other`.
    public func mix(with other: RGBColor, amount: Double) -> RGBColor {
        func blend(_ from: UInt8, _ to: UInt8) -> UInt8 { UInt8((Double(from) + (Double(to) - Double(from)) * amount).rounded()) }
        return RGBColor(red: blend(red, other.red), green: blend(green, other.green), blue: blend(blue, other.blue))
    }
}
