import ListorKit

/// A product's pictures, drawn as SVG from its colours and category: no image files ship with
/// the store, and every product still has its own pictures.
public enum ProductArtwork {
    /// Picture `index` (from 1) of `product`, small or large.
    public static func svg(_ product: Product, index: Int, large: Bool) -> String {
        let (width, height) = large ? (480, 600) : (120, 150)
        let colours = product.colours.isEmpty ? [Product.Colour(name: "Grey", hex: "#8A8D91")] : product.colours
        let main = colours[(index - 1) % colours.count].hex
        let accent = colours[index % colours.count].hex
        let background = ["#F4F1EC", "#ECEFF3", "#F3ECEE"][(index - 1) % 3]
        var shapes = "<rect width=\"100\" height=\"125\" fill=\"\(background)\"/>"
        switch product.macroCategory {
        case "Clothing", "Lingerie":
            shapes += "<path d=\"M38 18 L62 18 L70 34 L78 108 L22 108 L30 34 Z\" fill=\"\(main)\"/>"
            shapes += "<path d=\"M38 18 L50 30 L62 18\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"3\"/>"
        case "Beauty":
            shapes += "<rect x=\"34\" y=\"40\" width=\"32\" height=\"62\" rx=\"6\" fill=\"\(main)\"/>"
            shapes += "<rect x=\"42\" y=\"26\" width=\"16\" height=\"14\" fill=\"\(accent)\"/>"
        default:
            shapes += accessory(product.microCategory, main: main, accent: accent)
        }
        if large {
            shapes += "<text x=\"50\" y=\"119\" font-family=\"sans-serif\" font-size=\"5\" text-anchor=\"middle\" fill=\"#333\">\(product.brand.xmlEscaped)</text>"
        }
        let label = "\(product.brand) \(product.name), picture \(index)".xmlEscaped
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 100 125\" role=\"img\" aria-label=\"\(label)\">\(shapes)</svg>"
    }

    /// Bags, scarves, belts, sunglasses and shoes, each its own outline.
    static func accessory(_ category: String, main: String, accent: String) -> String {
        switch category {
        case "Scarves":
            "<path d=\"M20 40 C35 30 45 50 60 40 S80 30 82 40 L80 92 C65 102 55 82 40 92 S22 100 20 92 Z\" fill=\"\(main)\"/>"
                + "<path d=\"M20 52 C35 42 45 62 60 52 S80 42 82 52\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"3\"/>"
        case "Belts":
            "<rect x=\"10\" y=\"56\" width=\"80\" height=\"12\" rx=\"3\" fill=\"\(main)\"/>"
                + "<rect x=\"42\" y=\"52\" width=\"16\" height=\"20\" rx=\"2\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"3\"/>"
        case "Sunglasses":
            "<circle cx=\"33\" cy=\"62\" r=\"14\" fill=\"\(main)\"/><circle cx=\"67\" cy=\"62\" r=\"14\" fill=\"\(main)\"/>"
                + "<path d=\"M47 60 Q50 55 53 60\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"3\"/>"
        case "Shoes":
            "<path d=\"M18 88 L30 62 Q34 56 40 62 L58 78 L82 80 Q88 82 86 90 L18 90 Z\" fill=\"\(main)\"/>"
                + "<path d=\"M70 90 L72 104\" stroke=\"\(accent)\" stroke-width=\"4\"/>"
        default:
            "<rect x=\"22\" y=\"46\" width=\"56\" height=\"50\" rx=\"8\" fill=\"\(main)\"/>"
                + "<path d=\"M36 46 C36 24 64 24 64 46\" fill=\"none\" stroke=\"\(accent)\" stroke-width=\"4\"/>"
        }
    }
}
