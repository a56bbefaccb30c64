import Foundation
import ListorKit

/// Products as the catalogue API sends them: money as `{"amount": 129000, "currency": "EUR"}`
/// in minor units, never as a floating-point number.
public enum StellaJSON {
    public static func value(_ money: Money) -> JSONValue {
        .members([("amount", .number(Double(money.minorUnits))), ("currency", .string(money.currency))])
    }

    public static func value(_ product: Product) -> JSONValue {
        .members([
            ("code", .string(product.code)), ("department", .string(product.departmentID)), ("brand", .string(product.brand)),
            ("name", .string(product.name)), ("macro_category", .string(product.macroCategory)), ("micro_category", .string(product.microCategory)),
            ("full_price", value(product.fullPrice)), ("discounted_price", product.discountedPrice.map(value) ?? .null),
            ("sizes", .array(product.sizes.map { .members([("name", .string($0.name)), ("available", .bool($0.isAvailable))]) })),
            ("colours", .array(product.colours.map { .members([("name", .string($0.name)), ("hex", .string($0.hex))]) })),
            ("images", .array(product.images.map { .members([("thumbnail", .string($0.thumbnail)), ("large", .string($0.large))]) })),
            ("added", .string(DateText.dateTime(product.added, timeZone: TimeZone(identifier: "UTC")!, seconds: true))),
        ])
    }

    public static func value(_ page: ProductPage) -> JSONValue {
        .members([
            ("products", .array(page.products.map(value))), ("total", .number(Double(page.total))),
            ("page", .number(Double(page.page))), ("per_page", .number(Double(page.perPage))),
        ])
    }

    public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    public static func page(_ json: JSONValue) throws(DecodingError) -> ProductPage {
        guard case .array(let items)? = json["products"] else { throw DecodingError(path: "products", message: "is missing or not an array") }
        var products: [Product] = []
        for (index, item) in items.enumerated() {
            do { products.append(try product(item)) } catch {
                throw DecodingError(path: "products[\(index)].\(error.path)", message: error.message)
            }
        }
        return ProductPage(products: products, total: try integer(json, "total"), page: try integer(json, "page"), perPage: try integer(json, "per_page"))
    }

    public static func product(_ json: JSONValue) throws(DecodingError) -> Product {
        func string(_ value: JSONValue?, _ path: String) throws(DecodingError) -> String {
            guard let text = value?.stringValue else { throw DecodingError(path: path, message: "is missing or not a string") }
            return text
        }
        func money(_ value: JSONValue?, _ path: String) throws(DecodingError) -> Money {
            guard case .number(let amount)? = value?["amount"], let minor = Int(exactly: amount) else {
                throw DecodingError(path: path + ".amount", message: "is missing or not a whole number of minor units")
            }
            return Money(minorUnits: minor, currency: try string(value?["currency"], path + ".currency"))
        }
        func list(_ key: String) throws(DecodingError) -> [JSONValue] {
            guard case .array(let items)? = json[key] else { throw DecodingError(path: key, message: "is missing or not an array") }
            return items
        }
        var sizes: [Product.Size] = []
        for (index, item) in try list("sizes").enumerated() {
            guard case .bool(let available)? = item["available"] else { throw DecodingError(path: "sizes[\(index)].available", message: "is missing or not a boolean") }
            sizes.append(Product.Size(name: try string(item["name"], "sizes[\(index)].name"), isAvailable: available))
        }
        var colours: [Product.Colour] = []
        for (index, item) in try list("colours").enumerated() {
            colours.append(Product.Colour(name: try string(item["name"], "colours[\(index)].name"), hex: try string(item["hex"], "colours[\(index)].hex")))
        }
        var images: [Product.Image] = []
        for (index, item) in try list("images").enumerated() {
            images.append(Product.Image(thumbnail: try string(item["thumbnail"], "images[\(index)].thumbnail"), large: try string(item["large"], "images[\(index)].large")))
        }
        let discounted: Money? = json["discounted_price"] == nil || json["discounted_price"] == .null ? nil : try money(json["discounted_price"], "discounted_price")
        let addedText = try string(json["added"], "added")
        guard let added = date(addedText) else { throw DecodingError(path: "added", message: "\"\(addedText)\" is not a yyyy-MM-dd HH:mm:ss date") }
        return Product(
            code: try string(json["code"], "code"), departmentID: try string(json["department"], "department"), brand: try string(json["brand"], "brand"),
            name: try string(json["name"], "name"), macroCategory: try string(json["macro_category"], "macro_category"),
            microCategory: try string(json["micro_category"], "micro_category"), fullPrice: try money(json["full_price"], "full_price"),
            discountedPrice: discounted, sizes: sizes, colours: colours, images: images, added: added)
    }

    static func integer(_ json: JSONValue, _ key: String) throws(DecodingError) -> Int {
        guard case .number(let value)? = json[key], let integer = Int(exactly: value) else { throw DecodingError(path: key, message: "is missing or not a whole number") }
        return integer
    }

    static func date(_ text: String) -> Date? {
        DateText.parse(text, timeZone: TimeZone(identifier: "UTC")!)
    }
}
