import Foundation
import ListorKit

/// The bundled catalogue: a few hundred products across the four departments, made from a
/// fixed seed so that every run, test and screenshot sees the same store.
public enum CatalogueGenerator {
    struct Plan {
        let department: String
        let macro: String
        let count: Int
        /// Micro category, the noun its products are named with, and its sizes.
        let kinds: [(micro: String, noun: String, sizes: [String])]
        let prices: ClosedRange<Int>
    }

    static let clothing = ["XS", "S", "M", "L", "XL"]
    static let oneSize = ["One size"]

    static let plans: [Plan] = [
        Plan(department: "ready-to-wear", macro: "Clothing", count: 100, kinds: [
            ("Dresses", "Dress", clothing), ("Coats", "Coat", clothing), ("Jackets", "Jacket", clothing), ("Knitwear", "Jumper", clothing),
            ("Trousers", "Trousers", clothing), ("Skirts", "Skirt", clothing), ("Shirts", "Shirt", clothing),
        ], prices: 89...1290),
        Plan(department: "accessories", macro: "Accessories", count: 80, kinds: [
            ("Bags", "Bag", oneSize), ("Scarves", "Scarf", oneSize), ("Belts", "Belt", ["75", "80", "85", "90"]),
            ("Sunglasses", "Sunglasses", oneSize), ("Shoes", "Pumps", ["36", "37", "38", "39", "40", "41"]),
        ], prices: 49...890),
        Plan(department: "beauty", macro: "Beauty", count: 60, kinds: [
            ("Fragrance", "Eau de Parfum", ["30 ml", "50 ml", "100 ml"]), ("Lipstick", "Lipstick", oneSize),
            ("Skincare", "Serum", ["30 ml", "50 ml"]), ("Nail polish", "Nail Lacquer", oneSize),
        ], prices: 19...180),
        Plan(department: "lingerie", macro: "Lingerie", count: 60, kinds: [
            ("Bras", "Bra", ["70B", "75B", "75C", "80B", "80C", "85C"]), ("Briefs", "Briefs", ["XS", "S", "M", "L"]),
            ("Bodysuits", "Bodysuit", ["XS", "S", "M", "L"]), ("Sleepwear", "Pyjamas", ["XS", "S", "M", "L"]),
        ], prices: 29...240),
    ]

    public static let palette: [Product.Colour] = [
        .init(name: "Black", hex: "#1B1B1B"), .init(name: "Ivory", hex: "#F3EEE3"), .init(name: "Navy", hex: "#1F2A44"),
        .init(name: "Camel", hex: "#C19A6B"), .init(name: "Bordeaux", hex: "#6D1A36"), .init(name: "Forest", hex: "#2F4F3A"),
        .init(name: "Blush", hex: "#E8B4B8"), .init(name: "Sky", hex: "#8DB6D9"), .init(name: "Ochre", hex: "#CC8A1E"),
        .init(name: "Grey", hex: "#8A8D91"), .init(name: "Red", hex: "#B3262E"), .init(name: "White", hex: "#FAFAFA"),
    ]

    static let brands = ["Stella", "Maison Orée", "Atelier Nord", "Vela", "Linea Blu", "Corso", "Fiore", "Halden"]
    static let adjectives = ["Belted", "Cropped", "Oversized", "Tailored", "Pleated", "Wrap", "Ribbed", "Quilted", "Silk", "Wool",
                             "Linen", "Cashmere", "Satin", "Velvet", "Classic", "Soft"]

    /// 300 products, the same every time.
    public static func products(seed: UInt64 = 4) -> [Product] {
        var random = SeededRandom(seed: seed)
        var products: [Product] = []
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 UTC
        for plan in plans {
            for _ in 0..<plan.count {
                let kind = random.pick(plan.kinds)
                let code = "ST" + String(100_000 + products.count * 37 % 900_000)
                let full = random.int(plan.prices) * 100
                var discounted: Money?
                if random.chance(30) {
                    let off = random.pick([20, 30, 40, 50])
                    discounted = Money(minorUnits: (full * (100 - off) / 100) / 100 * 100)
                }
                let soldOut = random.chance(5)
                let sizes = kind.sizes.map { Product.Size(name: $0, isAvailable: !soldOut && random.chance(80)) }
                var colours: [Product.Colour] = []
                for _ in 0..<random.int(1...3) {
                    let colour = random.pick(palette)
                    if !colours.contains(colour) { colours.append(colour) }
                }
                let images = (1...random.int(1...3)).map { index in
                    Product.Image(thumbnail: "/stella/images/\(code)/\(index)-thumb.svg", large: "/stella/images/\(code)/\(index)-large.svg")
                }
                products.append(Product(
                    code: code, departmentID: plan.department, brand: random.pick(brands), name: random.pick(adjectives) + " " + kind.noun,
                    macroCategory: plan.macro, microCategory: kind.micro, fullPrice: Money(minorUnits: full), discountedPrice: discounted,
                    sizes: sizes, colours: colours, images: images, added: start.addingTimeInterval(Double(random.int(0...320)) * 86400)))
            }
        }
        return products
    }
}
