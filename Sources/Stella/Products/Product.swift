import Foundation

/// A product of the store, as a Shopify product CSV describes one: its fields, the options it
/// varies by, the variants a shopper can buy (each with its SKU, price and stock), and its
/// pictures in order. The bundled catalogue and an imported one are both made of these.
public struct Product: Sendable, Hashable, Identifiable {
    /// Shopify's product status: an active product is on sale; a draft or an archived one is the
    /// owner's only.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case active, draft, archived
    }

    /// The product's handle, its unique name in the store and in addresses: "linen-shirt".
    public var code: String
    /// Its title: "Belted Dress".
    public var name: String
    /// Its vendor.
    public var brand: String
    /// Its Shopify Type, which is the department it is sold in: "Ready-to-wear".
    public var type: String
    /// The first tag is its category within the department: "Dresses".
    public var tags: [String]
    /// Body (HTML) as the file has it; shown only through `InlineHTML.sanitized(_:)`.
    public var description: String
    public var options: [ProductOption]
    public var variants: [ProductVariant]
    public var pictures: [ProductPicture]
    public var status: Status
    /// False when the file says it is not published on the online store: not on sale, though active.
    public var published: Bool
    /// Its Shopify category, what search engines are shown, whether it is a gift card.
    public var details: ProductDetails

    public var id: String { code }

    public init(code: String, name: String, brand: String = "", type: String = "", tags: [String] = [], description: String = "",
                options: [ProductOption] = [], variants: [ProductVariant] = [], pictures: [ProductPicture] = [], status: Status = .active,
                published: Bool = true, details: ProductDetails = ProductDetails()) {
        self.code = code
        self.name = name
        self.brand = brand
        self.type = type
        self.tags = tags
        self.description = description
        self.options = options
        self.variants = variants
        self.pictures = pictures
        self.status = status
        self.published = published
        self.details = details
    }

    /// Whether shoppers see it and may order it.
    public var isOnSale: Bool { status == .active && published }

    /// What the owner is told of it: "on sale", "draft", "archived", "unpublished".
    public var saleState: String {
        isOnSale ? "on sale" : status == .active ? "unpublished" : status.rawValue
    }

    /// The department it is in, named by its type; "Other" when it has none.
    public var department: Department { Department(name: type.isEmpty ? "Other" : type) }

    /// "Dresses": the first tag, or the department.
    public var category: String { tags.first ?? department.name }

    /// The variant a shopper would be shown first: the cheapest in stock, else the cheapest.
    private var leading: ProductVariant? {
        // One pass and no copies: it is asked for every product of every page.
        var cheapest: ProductVariant?, cheapestInStock: ProductVariant?
        for variant in variants {
            if cheapest.map({ variant.price < $0.price }) ?? true { cheapest = variant }
            if variant.isAvailable, cheapestInStock.map({ variant.price < $0.price }) ?? true { cheapestInStock = variant }
        }
        return cheapestInStock ?? cheapest
    }

    /// What it costs now.
    public var price: Money { leading?.price ?? Money(minorUnits: 0) }

    /// The price before the sale, when on sale.
    public var fullPrice: Money { leading?.compareAtPrice.flatMap { $0 > price ? $0 : nil } ?? price }

    /// 30 for 30% off; nil at full price.
    public var discountPercent: Int? { price.percentOff(fullPrice) }

    /// Whether the variants' prices differ ("from €49.00").
    public var hasPriceRange: Bool { Set(variants.map(\.price)).count > 1 }

    public var isSoldOut: Bool { !variants.contains(where: \.isAvailable) }

    /// The index of the option named "Size", or "Colour" (or "Color"), in any case.
    public func optionIndex(_ kind: ProductOption.Kind) -> Int? {
        options.firstIndex { $0.kind == kind }
    }

    /// The values of its size or colour option, in order; none when it has no such option.
    public func values(of kind: ProductOption.Kind) -> [String] {
        optionIndex(kind).map { options[$0].values } ?? []
    }

    /// The variant with these values, one per option.
    public func variant(_ values: [String]) -> ProductVariant? {
        variants.first { $0.values == values }
    }

    public func variant(sku: String) -> ProductVariant? {
        variants.first { $0.sku == sku }
    }

    /// Whether some variant in stock has each of `chosen`'s values (option kind → value, without
    /// regard to case): the filters "size M" and "colour Navy" together ask for M in Navy.
    public func isAvailable(in chosen: [ProductOption.Kind: String]) -> Bool {
        var indices: [(index: Int, value: String)] = []
        for (kind, value) in chosen {
            guard let index = optionIndex(kind) else { return false }
            indices.append((index, value.lowercased()))
        }
        return variants.contains { variant in
            variant.isAvailable && indices.allSatisfy { $0.index < variant.values.count && variant.values[$0.index].lowercased() == $0.value }
        }
    }
}
