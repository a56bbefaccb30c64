import Foundation
import ListorKit

/// The catalogue API's JSON: money as `{"amount": 129000, "currency": "EUR"}` in minor units,
/// never as a floating-point number. Reading it back is
/// the models' `JSONValueDecodable` conformance, below.
public enum StellaJSON {
    public static func value(_ money: Money) -> JSONValue {
        .members([("amount", .number(Double(money.minorUnits))), ("currency", .string(money.currency))])
    }

    public static func value(_ department: Department) -> JSONValue {
        .members([("id", .string(department.id)), ("name", .string(department.name))])
    }

    /// A product with its options, its variants (`sku`, `options` by name, `price`, `stock`) and
    /// its pictures at the store's paths; its description as the catalogue has it, to be shown
    /// only through `InlineHTML.sanitized(_:)`, as the pages do.
    public static func value(_ product: Product) -> JSONValue {
        .members([
            ("code", .string(product.code)), ("name", .string(product.name)), ("brand", .string(product.brand)),
            ("department", value(product.department)), ("tags", .array(product.tags.map(JSONValue.string))),
            ("description", .string(product.description)),
            ("price", value(product.price)), ("full_price", product.discountPercent == nil ? .null : value(product.fullPrice)),
            ("available", .bool(!product.isSoldOut)),
            ("options", .array(product.options.map { .members([("name", .string($0.name)), ("values", .array($0.values.map(JSONValue.string)))]) })),
            ("variants", .array(product.variants.map { variant in
                .members([
                    ("sku", .string(variant.sku)),
                    ("options", .members(zip(product.options, variant.values).map { ($0.name, JSONValue.string($1)) })),
                    ("price", value(variant.price)), ("compare_at_price", variant.compareAtPrice.map(value) ?? .null), ("stock", .number(Double(variant.stock))),
                    ("tracked", .bool(variant.tracked)), ("inventory_policy", .string(variant.oversells ? "continue" : "deny")),
                    ("picture", product.pictures.firstIndex { $0.source == variant.picture }.map { .string(ProductPictures.path(code: product.code, index: $0 + 1)) } ?? .null),
                ])
            })),
            ("pictures", .array(product.pictures.enumerated().map { index, picture in
                .members([("src", .string(ProductPictures.path(code: product.code, index: index + 1))), ("alt", .string(picture.alt))])
            })),
        ])
    }

    /// A page, with the sizes, colours, vendors and availability in view and how many products
    /// each would show (`facets`).
    public static func value(_ page: ProductPage) -> JSONValue {
        func facet(_ values: [CatalogueFacets.Value]) -> JSONValue {
            .array(values.map { .members([("value", .string($0.value)), ("count", .number(Double($0.count)))]) })
        }
        return .members([
            ("products", .array(page.products.map(value))), ("total", .number(Double(page.total))),
            ("page", .number(Double(page.page))), ("per_page", .number(Double(page.perPage))),
            ("facets", .members([("sizes", facet(page.facets.sizes)), ("colours", facet(page.facets.colours)), ("vendors", facet(page.facets.vendors)),
                                 ("availability", facet(page.facets.availability))])),
        ])
    }

    /// A page as a catalogue API sends it. A product that cannot be read is a `Problem` of the
    /// page (by index and code) and the others are kept; a page without its counts is an error.
    public static func page(_ json: JSONValue) throws -> ProductPage {
        enum Key: String, CodingKey { case products, total, page, per_page, facets }
        let fields = try JSONFields(json, codingPath: [])
        guard case .array(let items) = try fields.value(Key.products) else {
            throw fields.invalid(Key.products, "expected an array of products")
        }
        let products = BatchDecoder().decode(Product.self, elements: items) { $0["code"]?.stringValue }
        return ProductPage(products: products.items, total: try fields.integer(Int.self, Key.total), page: try fields.integer(Int.self, Key.page),
                           perPage: try fields.integer(Int.self, Key.per_page),
                           facets: try fields.optionalDecode(CatalogueFacets.self, Key.facets) ?? CatalogueFacets(sizes: [], colours: []),
                           problems: products.problems)
    }

}

extension Money: JSONValueDecodable {
    private enum Key: String, CodingKey { case amount, currency }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(minorUnits: try fields.integer(Int.self, Key.amount), currency: try fields.string(Key.currency))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension Department: JSONValueDecodable {
    private enum Key: String, CodingKey { case id, name }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(id: try fields.string(Key.id), name: try fields.string(Key.name))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension Product: JSONValueDecodable {
    private enum Key: String, CodingKey { case code, name, brand, department, tags, description, options, variants, pictures }
    private enum OptionKey: String, CodingKey { case name, values }
    private enum VariantKey: String, CodingKey { case sku, options, price, compare_at_price, stock, picture, tracked, inventory_policy }
    private enum PictureKey: String, CodingKey { case src, alt }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        func objects(_ key: Key) throws -> [JSONFields] {
            guard case .array(let items) = try fields.value(key) else { throw fields.invalid(key, "expected an array") }
            return try items.enumerated().map { try JSONFields($1, codingPath: fields.path(key) + [IndexKey(intValue: $0)]) }
        }
        let options = try objects(.options).map { ProductOption(name: try $0.string(OptionKey.name), values: try $0.array(of: String.self, OptionKey.values)) }
        let pictures = try objects(.pictures).enumerated().map { index, picture in
            ProductPicture(source: try picture.string(PictureKey.src), position: index + 1, alt: try picture.string(PictureKey.alt))
        }
        let variants = try objects(.variants).map { variant in
            let chosen = try JSONFields(try variant.value(VariantKey.options), codingPath: variant.path(VariantKey.options))
            return ProductVariant(sku: try variant.string(VariantKey.sku), values: try options.map { try chosen.string(AnyJSONKey($0.name)) },
                                  price: try variant.decode(Money.self, VariantKey.price), compareAtPrice: try variant.optionalDecode(Money.self, VariantKey.compare_at_price),
                                  stock: try variant.integer(Int.self, VariantKey.stock), picture: try variant.optionalString(VariantKey.picture),
                                  // A server of the version before counts every variant's stock and never sells past zero.
                                  tracked: variant.contains(VariantKey.tracked) ? try variant.bool(VariantKey.tracked) : true,
                                  oversells: try variant.optionalString(VariantKey.inventory_policy) == "continue")
        }
        let department = try fields.decode(Department.self, Key.department)
        self.init(code: try fields.string(Key.code), name: try fields.string(Key.name), brand: try fields.string(Key.brand), type: department.name,
                  tags: try fields.array(of: String.self, Key.tags), description: try fields.string(Key.description),
                  options: options, variants: variants, pictures: pictures)
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension CatalogueFacets: JSONValueDecodable {
    private enum Key: String, CodingKey { case sizes, colours, vendors, availability }

    /// A server of an older version sends no vendors or availability: none then.
    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(sizes: try fields.array(of: Value.self, Key.sizes), colours: try fields.array(of: Value.self, Key.colours),
                  vendors: fields.object[Key.vendors.rawValue] == nil ? [] : try fields.array(of: Value.self, Key.vendors),
                  availability: fields.object[Key.availability.rawValue] == nil ? [] : try fields.array(of: Value.self, Key.availability))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension CatalogueFacets.Value: JSONValueDecodable {
    private enum Key: String, CodingKey { case value, count }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(try fields.string(Key.value), count: try fields.integer(Int.self, Key.count))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}
