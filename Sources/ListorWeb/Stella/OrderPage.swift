import Foundation
import ListorKit
import Stella

/// What `stella/order.mustache` shows: an order placed, its number, lines, total and address;
/// paid on delivery.
struct OrderPage: Encodable {
    struct Line: Encodable {
        let sku: String
        let title: String
        let quantity: Int
        let price: String
        let total: String
    }

    let shop: StellaHeader
    let number: String
    let placed: String
    let name: String
    let email: String
    let address: String
    let lines: [Line]
    let total: String
    let isNew: Bool
    /// Whether a confirmation is on its way.
    let sendsMail: Bool
    /// "Sent", "Sent: DHL 123", "Cancelled"; nil while open.
    let state: String?

    init(_ order: Order, shop: StellaHeader, timeZone: TimeZone, isNew: Bool, sendsMail: Bool) {
        self.shop = shop
        number = order.number
        placed = order.placed.formatted(Date.FormatStyle(date: .long, time: .shortened, timeZone: timeZone))
        name = order.name
        email = order.email
        address = order.address
        lines = order.lines.map { line in
            Line(sku: line.sku, title: line.title.isEmpty ? line.sku : line.title, quantity: line.quantity, price: line.price.formatted,
                 total: Money(minorUnits: line.price.minorUnits * line.quantity, currency: line.price.currency).formatted)
        }
        total = order.total.formatted
        self.isNew = isNew
        self.sendsMail = sendsMail
        state = order.shopperState
    }
}
