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
            // Left out, a quantity is one; null is no quantity.
            if case .null? = item.object[ItemKey.quantity.rawValue] {
                throw item.invalid(ItemKey.quantity, "is null: give a whole number from 1 to \(Bag.maximumQuantity), or leave it out for 1")
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
    /// and an address (lines kept) are needed, by the rule for all stored text (`TextInput`), and
    /// 1 to `Bag.maximumLines` lines of 1 to `Bag.maximumQuantity` each.
    public func request() throws(FieldErrors) -> OrderRequest {
        var errors: [FieldError] = []
        let name = TextInput.text(name, "name", required: true, limit: 200, errors: &errors)
        let email = TextInput.email(email, "email", required: true, missing: "is required, for the order's confirmation", errors: &errors)
        let address = TextInput.text(address, "address", required: true, limit: 1000, multiline: true, missing: "is required: where the order goes", errors: &errors)
        if items.isEmpty { errors.append(FieldError(field: "items", message: "is empty: an order has at least one item")) }
        if items.count > Bag.maximumLines { errors.append(FieldError(field: "items", message: "has \(items.count) lines; an order has at most \(Bag.maximumLines)")) }
        for (index, item) in items.prefix(Bag.maximumLines).enumerated() {
            if item.sku.isEmpty || item.sku.count > 100 || HiddenCharacter.first(in: item.sku) != nil {
                errors.append(FieldError(field: "items[\(index)].sku", message: "is not a SKU"))
            }
            if !(1...Bag.maximumQuantity).contains(item.quantity) {
                errors.append(FieldError(field: "items[\(index)].quantity", message: "\(item.quantity) is outside 1 to \(Bag.maximumQuantity)"))
            }
        }
        guard errors.isEmpty, let name, let email, let address else { throw FieldErrors(errors) }
        return OrderRequest(items: items, name: name, email: email, address: address)
    }
}
