import Foundation
import ListorKit

/// The bundled catalogue: 300 products across four departments, each with its sizes and colours
/// as variants in stock or sold out, and three pictures; made from a fixed seed so that every
/// run, test and screenshot sees the same store.
public enum CatalogueGenerator {
    struct Plan {
        let department: String
        let count: Int
        /// Category, the noun its products are named with, and its sizes.
        let kinds: [(category: String, noun: String, sizes: [String])]
        let prices: ClosedRange<Int>
    }

    static let clothing = ["XS", "S", "M", "L", "XL"]

    static let plans: [Plan] = [
        Plan(department: "Ready-to-wear", count: 100, kinds: [
            ("Dresses", "Dress", clothing), ("Coats", "Coat", clothing), ("Jackets", "Jacket", clothing), ("Knitwear", "Jumper", clothing),
            ("Trousers", "Trousers", clothing), ("Skirts", "Skirt", clothing), ("Shirts", "Shirt", clothing),
        ], prices: 89...1290),
        Plan(department: "Accessories", count: 80, kinds: [
            ("Bags", "Bag", []), ("Scarves", "Scarf", []), ("Belts", "Belt", ["75", "80", "85", "90"]),
            ("Sunglasses", "Sunglasses", []), ("Shoes", "Pumps", ["36", "37", "38", "39", "40", "41"]),
        ], prices: 49...890),
        Plan(department: "Beauty", count: 60, kinds: [
            ("Fragrance", "Eau de Parfum", ["30 ml", "50 ml", "100 ml"]), ("Lipstick", "Lipstick", []),
            ("Skincare", "Serum", ["30 ml", "50 ml"]), ("Nail polish", "Nail Lacquer", []),
        ], prices: 19...180),
        Plan(department: "Lingerie", count: 60, kinds: [
            ("Bras", "Bra", ["70B", "75B", "75C", "80B", "80C", "85C"]), ("Briefs", "Briefs", ["XS", "S", "M", "L"]),
            ("Bodysuits", "Bodysuit", ["XS", "S", "M", "L"]), ("Sleepwear", "Pyjamas", ["XS", "S", "M", "L"]),
        ], prices: 29...240),
    ]

    static let palette = ["Black", "Ivory", "Navy", "Camel", "Bordeaux", "Forest", "Blush", "Sky", "Ochre", "Grey", "Red", "White"]
    static let brands = ["Stella", "Maison Orée", "Atelier Nord", "Vela", "Linea Blu", "Corso", "Fiore", "Halden"]
    static let adjectives = ["Belted", "Cropped", "Oversized", "Tailored", "Pleated", "Wrap", "Ribbed", "Quilted", "Silk", "Wool",
                             "Linen", "Cashmere", "Satin", "Velvet", "Classic", "Soft"]
    static let views = ["front", "back", "detail"]

    /// 300 products, the same every time, oldest first.
    /// The handles of the products a new store starts with (`products()`): the demo that a real
    /// catalogue's import removes.
    public static let codes = Set(products().map(\.code))

    public static func products(seed: UInt64 = 4) -> [Product] {
        var random = SeededRandom(seed: seed)
        var products: [Product] = []
        for plan in plans {
            for _ in 0..<plan.count {
                let kind = random.pick(plan.kinds)
                let code = "st" + String(100_000 + products.count * 37 % 900_000)
                let full = random.int(plan.prices) * 100
                var price = full
                if random.chance(30) { price = full * (100 - random.pick([20, 30, 40, 50])) / 100 / 100 * 100 }
                let soldOut = random.chance(5)
                var colours: [String] = []
                for _ in 0..<random.int(1...3) {
                    let colour = random.pick(palette)
                    if !colours.contains(colour) { colours.append(colour) }
                }
                let name = random.pick(adjectives) + " " + kind.noun
                var options = [ProductOption(name: "Colour", values: colours)]
                if !kind.sizes.isEmpty { options.insert(ProductOption(name: "Size", values: kind.sizes), at: 0) }
                let pictures = views.enumerated().map { index, view in
                    ProductPicture(source: ProductPictures.path(code: code, index: index + 1), position: index + 1, alt: "\(name) in \(colours[index % colours.count]), \(view)")
                }
                var variants: [ProductVariant] = []
                for size in kind.sizes.isEmpty ? [nil] : kind.sizes.map(Optional.some) {
                    for (index, colour) in colours.enumerated() {
                        let values = [size, colour].compactMap { $0 }
                        let sku = ([code] + values).map { $0.uppercased().filter { $0.isLetter || $0.isNumber } }.joined(separator: "-")
                        let stock = soldOut || random.chance(20) ? 0 : random.int(1...12)
                        variants.append(ProductVariant(sku: sku, values: values, price: Money(minorUnits: price),
                                                       compareAtPrice: price < full ? Money(minorUnits: full) : nil, stock: stock, picture: pictures[index].source))
                    }
                }
                products.append(Product(code: code, name: name, brand: random.pick(brands), type: plan.department, tags: [kind.category],
                                        description: "<p>\(name) by Stella's house, in \(colours.joined(separator: ", ")).</p>",
                                        options: options, variants: variants, pictures: pictures))
            }
        }
        return products
    }
}
