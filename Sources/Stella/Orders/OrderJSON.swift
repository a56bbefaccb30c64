import Foundation
import ListorKit

/// Orders as the store API writes them: `{"number": "S-000042", "key", "items": [{"sku", "title", "quantity",
/// "price": {"amount", "currency"}}], "total": {…}, "name", "email", "address", "placed",
/// "payment": "on delivery"}`, and a shortage as `{"sku", "wanted", "left"}`.
public enum OrderJSON {
    public static func value(_ order: Order) -> JSONValue {
        .members([
            ("number", .string(order.number)), ("key", .string(order.key)), ("state", .string(order.state.rawValue)),
            ("tracking", order.tracking.map(JSONValue.string) ?? .null),
            ("items", .array(order.lines.map { line in
                .members([("sku", .string(line.sku)), ("title", .string(line.title)), ("quantity", .number(Double(line.quantity))), ("price", StellaJSON.value(line.price))])
            })),
            ("total", StellaJSON.value(order.total)), ("name", .string(order.name)), ("email", .string(order.email)), ("address", .string(order.address)),
            ("placed", .date(order.placed)), ("payment", .string("on delivery")),
        ])
    }

    /// An order as `value(_:)` writes it.
    public static func order(_ json: JSONValue) throws -> Order {
        enum Key: String, CodingKey { case number, key, state, tracking, items, name, email, address, placed }
        enum LineKey: String, CodingKey { case sku, title, quantity, price }
        let fields = try JSONFields(json, codingPath: [])
        guard case .array(let items) = try fields.value(Key.items) else { throw fields.invalid(Key.items, "expected an array of items") }
        let lines = try items.enumerated().map { index, item in
            let line = try JSONFields(item, codingPath: fields.path(Key.items) + [IndexKey(intValue: index)])
            return OrderLine(sku: try line.string(LineKey.sku), title: try line.optionalString(LineKey.title) ?? "", quantity: try line.integer(Int.self, LineKey.quantity),
                             price: try line.decode(Money.self, LineKey.price))
        }
        let placedText = try fields.string(Key.placed)
        guard let placed = try? Date(placedText, strategy: .iso8601) else { throw fields.invalid(Key.placed, "\"\(placedText.prefix(40))\" is not an ISO 8601 date") }
        // A store of the version before has no state: its orders are open.
        let state = try fields.optionalString(Key.state).map { text in
            guard let state = Order.State(rawValue: text) else { throw fields.invalid(Key.state, "\"\(text.prefix(20))\" is none of open, fulfilled and cancelled") }
            return state
        } ?? .open
        let tracking = try fields.optionalString(Key.tracking)
        return Order(number: try fields.string(Key.number), key: try fields.string(Key.key), lines: lines, name: try fields.string(Key.name),
                     email: try fields.string(Key.email), address: try fields.string(Key.address), placed: placed, state: state,
                     history: state == .open ? [] : [Order.Event(at: placed, state: state, note: tracking, by: "the store")])
    }

    /// A shortage as `value(_:)` writes it.
    public static func shortage(_ json: JSONValue) throws -> Shortage {
        enum Key: String, CodingKey { case sku, wanted, left }
        let fields = try JSONFields(json, codingPath: [])
        return Shortage(sku: try fields.string(Key.sku), wanted: try fields.integer(Int.self, Key.wanted), left: try fields.optionalInteger(Int.self, Key.left))
    }

    public static func value(_ shortage: Shortage) -> JSONValue {
        .members([("sku", .string(shortage.sku)), ("wanted", .number(Double(shortage.wanted))), ("left", shortage.left.map { .number(Double($0)) } ?? .null)])
    }
}
