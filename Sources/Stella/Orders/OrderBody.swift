import Foundation
import ListorKit

/// `POST /stella/api/orders`' body: `{"items": [{"sku": "LS-S", "quantity": 1}], "name", "email",
/// "address"}`, read as the JSON has it; `request()` checks it.
public struct OrderBody: Sendable, Hashable, JSONValueDecodable {
    public var items: [OrderRequest.Item]
    public var name: String
    public var email: String
    public var address: String

    enum Key: String, CodingKey, CaseIterable { case items, name, email, address }
    enum ItemKey: String, CodingKey, CaseIterable { case sku, quantity }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        if let unknown = fields.object.keys.sorted().first(where: { Key(rawValue: $0) == nil }) {
            throw fields.invalid("\"\(unknown.prefix(40))\" is not a member of an order; its members are items, name, email and address")
        }
        guard case .array(let list)? = fields.object[Key.items.rawValue] else { throw fields.invalid(Key.items, "is required: an array of {\"sku\", \"quantity\"}") }
        items = try list.enumerated().map { index, value in
            let item = try JSONFields(value, codingPath: fields.path(Key.items) + [IndexKey(intValue: index)])
            if let unknown = item.object.keys.sorted().first(where: { ItemKey(rawValue: $0) == nil }) {
                throw item.invalid("\"\(unknown.prefix(40))\" is not a member of an item; its members are sku and quantity")
            }
            return OrderRequest.Item(sku: try item.string(ItemKey.sku), quantity: try item.optionalInteger(Int.self, ItemKey.quantity) ?? 1)
        }
        name = try fields.optionalString(Key.name) ?? ""
        email = try fields.optionalString(Key.email) ?? ""
        address = try fields.optionalString(Key.address) ?? ""
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    public init(items: [OrderRequest.Item], name: String, email: String, address: String) {
        self.items = items
        self.name = name
        self.email = email
        self.address = address
    }

    /// The order asked for, tidied, or each problem beside its field: a name, an email address
    /// and an address are needed, and 1 to 50 lines of 1 to 99 each.
    public func request() throws(FieldErrors) -> OrderRequest {
        var errors: [FieldError] = []
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines), email = email.trimmingCharacters(in: .whitespaces)
        let address = address.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { errors.append(FieldError(field: "name", message: "is required")) } else if name.count > 200 {
            errors.append(FieldError(field: "name", message: "is longer than 200 characters"))
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        if email.isEmpty {
            errors.append(FieldError(field: "email", message: "is required, for the order's confirmation"))
        } else if parts.count != 2 || parts[0].isEmpty || !parts[1].contains(".") || email.contains(where: { $0.isWhitespace }) || email.count > 254 {
            errors.append(FieldError(field: "email", message: "\"\(email.prefix(60))\" is not an email address"))
        }
        if address.isEmpty { errors.append(FieldError(field: "address", message: "is required: where the order goes")) } else if address.count > 1000 {
            errors.append(FieldError(field: "address", message: "is longer than 1,000 characters"))
        }
        if items.isEmpty { errors.append(FieldError(field: "items", message: "is empty: an order has at least one item")) }
        if items.count > 50 { errors.append(FieldError(field: "items", message: "has \(items.count) lines; an order has at most 50")) }
        for (index, item) in items.prefix(50).enumerated() {
            if item.sku.isEmpty || item.sku.count > 100 { errors.append(FieldError(field: "items[\(index)].sku", message: "is not a SKU")) }
            if !(1...99).contains(item.quantity) { errors.append(FieldError(field: "items[\(index)].quantity", message: "\(item.quantity) is outside 1 to 99")) }
        }
        guard errors.isEmpty else { throw FieldErrors(errors) }
        return OrderRequest(items: items, name: name, email: email, address: address)
    }
}
