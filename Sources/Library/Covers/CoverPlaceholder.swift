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

    /// The title's lines, at most four of about 14 characters, the last shortened with "…".
    static func lines(_ text: String, width: Int = 14, limit: Int = 4) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty { current = String(word) } else if current.count + 1 + word.count <= width { current += " " + word } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.count > limit {
            lines = Array(lines.prefix(limit))
            lines[limit - 1] = String(lines[limit - 1].prefix(width - 1)) + "…"
        }
        return lines.map { $0.count > width ? String($0.prefix(width - 1)) + "…" : $0 }
    }

    /// The SVG, 200 × 300, every text escaped.
    public var svg: String {
        let titleLines = Self.lines(title)
        let text = titleLines.enumerated().map { index, line in
            #"<text x="100" y="\#(70 + index * 30)" font-size="22" font-weight="bold">\#(line.xmlEscaped)</text>"#
        }.joined()
        let authorLine = (Self.lines(author, width: 20, limit: 1).first ?? "").xmlEscaped
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
