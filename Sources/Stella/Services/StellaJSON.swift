import Foundation
import ListorKit

/// The catalogue API's JSON: money as `{"amount": 129000, "currency": "EUR"}` in minor units,
/// never as a floating-point number; dates as "2026-11-03 16:06:00" in UTC. Reading it back is
/// the models' `JSONValueDecodable` conformance, below.
public enum StellaJSON {
    public static func value(_ money: Money) -> JSONValue {
        .members([("amount", .number(Double(money.minorUnits))), ("currency", .string(money.currency))])
    }

    public static func value(_ department: Department) -> JSONValue {
        .members([("id", .string(department.id)), ("name", .string(department.name))])
    }

    public static func value(_ product: Product) -> JSONValue {
        .members([
            ("code", .string(product.code)), ("department", .string(product.departmentID)), ("brand", .string(product.brand)),
            ("name", .string(product.name)), ("macro_category", .string(product.macroCategory)), ("micro_category", .string(product.microCategory)),
            ("full_price", value(product.fullPrice)), ("discounted_price", product.discountedPrice.map(value) ?? .null),
            ("sizes", .array(product.sizes.map { .members([("name", .string($0.name)), ("available", .bool($0.isAvailable))]) })),
            ("colours", .array(product.colours.map { .members([("name", .string($0.name)), ("hex", .string($0.hex))]) })),
            ("images", .array(product.images.map { .members([("thumbnail", .string($0.thumbnail)), ("large", .string($0.large))]) })),
            ("added", .string(DateText.dateTime(product.added, timeZone: DateText.utc, seconds: true))),
        ])
    }

    /// A page, with the department's sizes and colours (`facets`) for the filters; clients that
    /// do not know the member ignore it.
    public static func value(_ page: ProductPage) -> JSONValue {
        .members([
            ("products", .array(page.products.map(value))), ("total", .number(Double(page.total))),
            ("page", .number(Double(page.page))), ("per_page", .number(Double(page.perPage))),
            ("facets", .members([("sizes", .array(page.facets.sizes.map(JSONValue.string))), ("colours", .array(page.facets.colours.map(JSONValue.string)))])),
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
    private enum Key: String, CodingKey {
        case code, department, brand, name, macro_category, micro_category, full_price, discounted_price, sizes, colours, images, added
    }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        let addedText = try fields.string(Key.added)
        guard let added = DateText.parse(addedText, timeZone: DateText.utc) else {
            throw fields.invalid(Key.added, "\"\(addedText.prefix(30))\" is not a yyyy-MM-dd HH:mm:ss date")
        }
        self.init(
            code: try fields.string(Key.code), departmentID: try fields.string(Key.department), brand: try fields.string(Key.brand),
            name: try fields.string(Key.name), macroCategory: try fields.string(Key.macro_category), microCategory: try fields.string(Key.micro_category),
            fullPrice: try fields.decode(Money.self, Key.full_price), discountedPrice: try fields.optionalDecode(Money.self, Key.discounted_price),
            sizes: try fields.array(of: Size.self, Key.sizes), colours: try fields.array(of: Colour.self, Key.colours),
            images: try fields.array(of: Image.self, Key.images), added: added)
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension Product.Size: JSONValueDecodable {
    private enum Key: String, CodingKey { case name, available }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(name: try fields.string(Key.name), isAvailable: try fields.bool(Key.available))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension Product.Colour: JSONValueDecodable {
    private enum Key: String, CodingKey { case name, hex }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(name: try fields.string(Key.name), hex: try fields.string(Key.hex))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension Product.Image: JSONValueDecodable {
    private enum Key: String, CodingKey { case thumbnail, large }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(thumbnail: try fields.string(Key.thumbnail), large: try fields.string(Key.large))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}

extension CatalogueFacets: JSONValueDecodable {
    private enum Key: String, CodingKey { case sizes, colours }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(sizes: try fields.array(of: String.self, Key.sizes), colours: try fields.array(of: String.self, Key.colours))
    }

    public init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}
