import ListorKit

/// A product's pictures, drawn as SVG from its colours and category: no image files ship with
/// the store, and each kind of product is drawn as itself (a shirt is not a dress). Picture 1 is
/// the front, 2 the back in the next colour, 3 a close detail.
public enum ProductArtwork {
    /// Picture `index` (from 1) of `product`, 480 × 600.
    public static func svg(_ product: Product, index: Int) -> String {
        let colours = product.values(of: .colour).compactMap(ColourNames.hex)
        let palette = colours.isEmpty ? ["#8A8D91"] : colours
        let main = palette[(index - 1) % palette.count]
        let accent = index == 2 ? "#F4F1EC" : "#2B2B2B"
        let background = ["#F4F1EC", "#ECEFF3", "#F3ECEE"][(index - 1) % 3]
        let shape = outline(product.category, main: main, accent: accent)
        let placed: String
        switch index {
        case 2: placed = "<g transform=\"translate(100 0) scale(-1 1)\">\(shape)</g>"
        case 3: placed = "<g transform=\"translate(-50 -55) scale(2)\">\(shape)</g>"
        default: placed = shape
        }
        let label = "\(product.brand) \(product.name), picture \(index)".xmlEscaped
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"600\" viewBox=\"0 0 100 125\" role=\"img\" aria-label=\"\(label)\">"
            + "<rect width=\"100\" height=\"125\" fill=\"\(background)\"/>\(placed)"
            + "<text x=\"50\" y=\"119\" font-family=\"sans-serif\" font-size=\"5\" text-anchor=\"middle\" fill=\"#333\">\(product.brand.xmlEscaped)</text></svg>"
    }

    /// The category's outline in `main`, with its detail in `accent`.
    static func outline(_ category: String, main: String, accent: String) -> String {
        // A dark edge, so that an ivory dress still stands out on a pale ground.
        func fill(_ d: String) -> String { "<path d=\"\(d)\" fill=\"\(main)\" stroke=\"#3A3A3A\" stroke-width=\"0.8\"/>" }
        func line(_ d: String, width: Int = 2) -> String { "<path d=\"\(d)\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"\(width)\"/>" }
        switch category {
        case "Dresses": return fill("M40 14 L60 14 L62 36 L80 106 L20 106 L38 36 Z") + line("M38 40 L62 40")
        case "Coats": return fill("M34 14 L66 14 L82 30 L80 108 L20 108 L18 30 Z") + line("M50 18 L50 108") + line("M44 50 L44 52 M44 70 L44 72", width: 3)
        case "Jackets": return fill("M34 16 L66 16 L82 30 L80 80 L20 80 L18 30 Z") + line("M50 16 L42 40 L50 80 M50 16 L58 40")
        case "Knitwear": return fill("M36 18 L64 18 L84 30 L84 70 L74 70 L72 84 L28 84 L26 70 L16 70 L16 30 Z") + line("M28 80 L72 80 M40 18 Q50 28 60 18")
        case "Trousers": return fill("M32 14 L68 14 L72 108 L54 108 L50 40 L46 108 L28 108 Z") + line("M32 20 L68 20")
        case "Skirts": return fill("M38 30 L62 30 L78 96 L22 96 Z") + line("M38 34 L62 34 M44 34 L36 96 M56 34 L64 96", width: 1)
        case "Shirts": return fill("M34 18 L66 18 L82 34 L74 40 L70 36 L70 92 L30 92 L30 36 L26 40 L18 34 Z") + line("M42 18 L50 28 L58 18 M50 28 L50 92")
        case "Bags": return fill("M22 46 L78 46 L74 96 L26 96 Z") + line("M36 46 C36 24 64 24 64 46", width: 4)
        case "Scarves": return fill("M20 40 C35 30 45 50 60 40 S80 30 82 40 L80 92 C65 102 55 82 40 92 S22 100 20 92 Z") + line("M20 52 C35 42 45 62 60 52 S80 42 82 52", width: 3)
        case "Belts": return fill("M11 56 H89 Q92 56 92 59 V65 Q92 68 89 68 H11 Q8 68 8 65 V59 Q8 56 11 56 Z") + line("M42 52 L58 52 L58 72 L42 72 Z M50 62 L60 62", width: 3)
        case "Sunglasses": return fill("M19 62 A14 14 0 1 0 47 62 A14 14 0 1 0 19 62 Z M53 62 A14 14 0 1 0 81 62 A14 14 0 1 0 53 62 Z") + line("M47 60 Q50 55 53 60 M19 58 L8 52 M81 58 L92 52", width: 3)
        case "Shoes": return fill("M18 88 L30 62 Q34 56 40 62 L58 78 L82 80 Q88 82 86 90 L18 90 Z") + line("M74 90 L76 106", width: 4)
        case "Fragrance": return fill("M30 50 L70 50 L70 100 L30 100 Z") + "<rect x=\"44\" y=\"34\" width=\"12\" height=\"16\" fill=\"\(accent)\"/>" + line("M38 70 L62 70", width: 1)
        case "Lipstick": return "<rect x=\"38\" y=\"60\" width=\"24\" height=\"42\" rx=\"2\" fill=\"#2B2B2B\"/>" + fill("M40 60 L40 36 L60 26 L60 60 Z")
        case "Skincare": return fill("M36 48 L64 48 L64 102 L36 102 Z") + "<path d=\"M46 48 L46 30 L54 30 L54 48 Z M54 32 L64 32\" fill=\"\(accent)\" stroke=\"\(accent)\" stroke-width=\"2\"/>"
        case "Nail polish": return "<rect x=\"44\" y=\"26\" width=\"12\" height=\"36\" rx=\"2\" fill=\"#2B2B2B\"/>" + fill("M34 62 Q34 56 40 56 L60 56 Q66 56 66 62 L66 98 L34 98 Z")
        case "Bras": return fill("M16 50 Q30 34 46 50 Q50 54 54 50 Q70 34 84 50 L80 66 Q66 74 54 62 L46 62 Q34 74 20 66 Z") + line("M30 40 L34 18 M70 40 L66 18")
        case "Briefs": return fill("M22 46 L78 46 L74 58 Q58 64 54 86 L46 86 Q42 64 26 58 Z") + line("M22 50 L78 50")
        case "Bodysuits": return fill("M38 16 L62 16 L66 56 Q60 80 54 90 L46 90 Q40 80 34 56 Z") + line("M40 16 L40 8 M60 16 L60 8")
        case "Sleepwear": return fill("M34 14 L66 14 L80 30 L72 36 L70 60 L72 108 L54 108 L50 70 L46 108 L28 108 L30 60 L28 36 L20 30 Z") + line("M30 60 L70 60 M50 14 L50 60")
        default: return fill("M22 40 L78 40 L78 100 L22 100 Z") + line("M22 52 L78 52")
        }
    }
}
