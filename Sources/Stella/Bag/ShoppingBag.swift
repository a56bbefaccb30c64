import Foundation
import ListorKit

/// The shopper's bag: what is in it as the catalogue has it now, and the shopper's actions on it
/// (add a chosen variant, change a quantity, remove a line), each giving the bag that results.
public struct ShoppingBag: Sendable {
    public let bag: Bag
    public let lines: [BagLine]

    public init(bag: Bag, lines: [BagLine]) {
        self.bag = bag
        self.lines = lines
    }

    /// The bag with each line looked up in `catalogue`; a product gone is a line "no longer sold".
    public static func load(_ bag: Bag, from catalogue: CatalogueClient) async throws -> ShoppingBag {
        var lines: [BagLine] = []
        for line in bag.lines {
            let product: Product?
            do { product = try await catalogue.product(line.code) } catch is CatalogueError { product = nil }
            let variant = product?.variant(sku: line.sku)
            let picture = product.flatMap { product in
                (product.pictures.firstIndex { $0.source == variant?.picture } ?? (product.pictures.isEmpty ? nil : 0))
                    .map { ProductPictures.path(code: product.code, index: $0 + 1) }
            }
            lines.append(BagLine(code: line.code, sku: line.sku, title: OrderLine.title(product?.name ?? line.sku, values: variant?.values ?? []),
                                 brand: product?.brand ?? "", picture: picture, quantity: line.quantity,
                                 price: variant?.price ?? Money(minorUnits: 0), variant: variant))
        }
        return ShoppingBag(bag: bag, lines: lines)
    }

    /// The shopper puts the chosen variant of `detail`'s product in the bag: `quantity` more of
    /// it. Throws `BagError` naming what is missing or short: "Choose a Size", "M in Navy is
    /// sold out", "Only 2 left; 1 is in your bag already".
    public static func add(_ detail: ProductDetailViewModel, quantity: Int, to bag: Bag) throws(BagError) -> Bag {
        guard (1...Bag.maximumQuantity).contains(quantity) else { throw BagError("The quantity \(quantity) is outside 1 to \(Bag.maximumQuantity)") }
        guard let variant = detail.variant, detail.canAdd else { throw BagError(detail.status) }
        let had = bag.quantity(of: variant.sku)
        if let left = variant.orderable, had + quantity > left {
            throw BagError("Only \(left) left" + (had > 0 ? "; \(had) \(had == 1 ? "is" : "are") in your bag already" : ""))
        }
        guard had + quantity <= Bag.maximumQuantity else { throw BagError("A bag holds at most \(Bag.maximumQuantity) of one item") }
        guard had > 0 || bag.lines.count < Bag.maximumLines else { throw BagError("A bag holds at most \(Bag.maximumLines) different items") }
        var added = bag
        added.set(code: detail.product.code, sku: variant.sku, quantity: had + quantity)
        guard added.text.utf8.count <= Bag.maximumTextLength else { throw BagError("Your bag is full: check out or remove something first") }
        return added
    }

    /// The shopper changes the quantities: by SKU, 0 to remove. Throws `BagError` for a
    /// quantity outside 0 to 99, leaving every line as it was.
    public static func change(_ quantities: [(sku: String, quantity: Int)], in bag: Bag) throws(BagError) -> Bag {
        var changed = bag
        for (sku, quantity) in quantities {
            guard let line = bag.lines.first(where: { $0.sku == sku }) else { continue }
            guard (0...Bag.maximumQuantity).contains(quantity) else {
                throw BagError("The quantity \(quantity) of \(sku) is outside 0 to \(Bag.maximumQuantity); nothing was changed")
            }
            changed.set(code: line.code, sku: sku, quantity: quantity)
        }
        return changed
    }

    /// The shopper removes a line.
    public static func remove(_ sku: String, from bag: Bag) -> Bag {
        var bag = bag
        if let line = bag.lines.first(where: { $0.sku == sku }) { bag.set(code: line.code, sku: sku, quantity: 0) }
        return bag
    }

    /// What checkout tells the shopper when the stock could not fill the order, a sentence a line:
    /// "Only 1 of Wrap Dress — S is left. Nothing was ordered; change your bag and try again."
    public func explain(_ shortages: [Shortage]) -> [String] {
        shortages.map { shortage in
            let title = lines.first { $0.sku == shortage.sku }?.title ?? shortage.sku
            let what: String
            if let left = shortage.left {
                what = left == 0 ? "\(title) has sold out." : "Only \(left) of \(title) \(left == 1 ? "is" : "are") left."
            } else {
                what = "\(title) is no longer sold."
            }
            return what + " Nothing was ordered; change your bag and try again."
        }
    }

    public var count: Int { bag.count }

    public var total: Money {
        Money(minorUnits: lines.reduce(0) { $0 + $1.total.minorUnits }, currency: lines.first?.price.currency ?? "EUR")
    }

    /// Whether every line can be ordered as it is.
    public var canCheckOut: Bool { !lines.isEmpty && lines.allSatisfy { $0.note == nil } }

    /// "2 items".
    public var summary: String { count == 1 ? "1 item" : "\(count) items" }
}
