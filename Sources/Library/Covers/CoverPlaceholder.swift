import Foundation
import ListorKit

/// The cover a book without one gets: its title and author on a colour derived from the title,
/// as an SVG a browser draws at any size. The same title always gets the same colour.
public struct CoverPlaceholder: Sendable, Hashable {
    public let title: String
    public let author: String

    public init(title: String, author: String) {
        self.title = title
        self.author = author
    }

    /// A colour from the title's letters: one of twelve hues, dark enough for white text
    /// (at least 4.5:1).
    public var background: RGBColor {
        var hash: UInt32 = 2_166_136_261
        for byte in title.lowercased().utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hue = Double(hash % 12) / 12
        return RGBColor(hue: hue, saturation: 0.55, brightness: 0.45).readable(on: .white)
    }

    /// The colours a book page takes from the placeholder: its background, and white text.
    public var colors: CoverColors {
        let background = background
        let soft = RGBColor.white.mix(with: background, amount: 0.2).readable(on: background)
        return CoverColors(background: background, primary: .white, secondary: soft, detail: soft)
    }

    /// The SVG's bytes, for serving.
    public var bytes: [UInt8] { Array(svg.utf8) }

    /// How wide the SVG's text may be: the cover's 200 less a margin each side.
    static let textWidth = 176.0

    /// The text's lines, at most `limit`, each measured to fit `textWidth` at `fontSize`: words
    /// wrap, a word too long for a line is cut, and the last line ends in "…" when text is left.
    static func lines(_ text: String, fontSize: Double = 22, limit: Int = 4) -> [String] {
        let fits = { (line: String) in width(of: line, fontSize: fontSize) <= textWidth }
        var lines: [String] = []
        var current = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let joined = current.isEmpty ? word : current + " " + word
            if fits(joined) {
                current = joined
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = word
            while !fits(current) {
                // A word wider than a line: as much as fits, and the rest on the next line.
                var cut = current
                while cut.count > 1, !fits(cut) { cut.removeLast() }
                lines.append(cut)
                current.removeFirst(cut.count)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > limit else { return lines }
        var last = lines[limit - 1]
        while !last.isEmpty, !fits(last + "…") { last.removeLast() }
        return lines.prefix(limit - 1) + [last.trimmingCharacters(in: .whitespaces) + "…"]
    }

    /// The width of `text` in bold sans-serif at `fontSize`, by the advance widths of DejaVu Sans
    /// Bold, the widest of the fonts a browser picks for sans-serif: the width is never less
    /// than what is drawn, so a line measured to fit does fit.
    static func width(of text: String, fontSize: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + advance($1) } * fontSize
    }

    /// One character's advance, in ems.
    private static func advance(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case "i", "j", "l", "I", "J", "'", "|", "!", ".", ",", ":", ";": 0.38
        case " ", "f", "t", "r", "(", ")", "[", "]", "-", "\"": 0.5
        case "m", "M", "W", "w", "@", "%", "&", "…": 1.11
        case "a"..."z": 0.72
        case "A"..."Z": 0.86
        case "0"..."9": 0.72
        default: scalar.properties.isEmojiPresentation || scalar.value >= 0x1100 ? 1.2 : 0.9
        }
    }

    /// The SVG, 200 × 300, every text escaped.
    public var svg: String {
        let titleLines = Self.lines(title)
        let text = titleLines.enumerated().map { index, line in
            #"<text x="100" y="\#(70 + index * 30)" font-size="22" font-weight="bold">\#(line.xmlEscaped)</text>"#
        }.joined()
        let authorLine = (Self.lines(author, fontSize: 15, limit: 1).first ?? "").xmlEscaped
        return #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300" width="200" height="300" role="img" aria-label="\#(title.xmlEscaped) by \#(author.xmlEscaped)">"#
            + ##"<rect width="200" height="300" fill="\##(background.hex)"/><g fill="#FFFFFF" font-family="sans-serif" text-anchor="middle">"##
            + text + #"<text x="100" y="260" font-size="15">\#(authorLine)</text></g></svg>"#
    }
}

extension RGBColor {
    /// A colour from hue, saturation and brightness, each 0 to 1.
    init(hue: Double, saturation: Double, brightness: Double) {
        let sector = (hue * 6).truncatingRemainder(dividingBy: 6)
        let chroma = brightness * saturation
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(sector) {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let m = brightness - chroma
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value + m, 0), 1) * 255).rounded()) }
        self.init(red: byte(r), green: byte(g), blue: byte(b))
    }
}
