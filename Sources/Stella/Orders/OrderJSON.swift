import Foundation
import ListorKit

/// Orders as the store API writes them: `{"number": "S-000042", "key", "items": [{"sku", "title", "quantity",
/// "price": {"amount", "currency"}}], "total": {…}, "name", "email", "address", "placed",
/// "payment": "on delivery"}`, and a shortage as `{"sku", "wanted", "left"}`.
public enum OrderJSON {
    public static func value(_ order: Order) -> JSONValue {
        .members([
            ("number", .string(order.number)), ("key", .string(order.key)),
            ("items", .array(order.lines.map { line in
                .members([("sku", .string(line.sku)), ("title", .string(line.title)), ("quantity", .number(Double(line.quantity))), ("price", StellaJSON.value(line.price))])
            })),
            ("total", StellaJSON.value(order.total)), ("name", .string(order.name)), ("email", .string(order.email)), ("address", .string(order.address)),
            ("placed", .string(order.placed.formatted(.iso8601))), ("payment", .string("on delivery")),
        ])
    }

    public static func value(_ shortage: Shortage) -> JSONValue {
        .members([("sku", .string(shortage.sku)), ("wanted", .number(Double(shortage.wanted))), ("left", shortage.left.map { .number(Double($0)) } ?? .null)])
    }
}
