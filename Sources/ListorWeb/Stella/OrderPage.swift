import Foundation
import ListorKit
import Stella

/// What `stella/order.mustache` shows: an order placed, its number, lines, total and address;
/// paid on delivery.
struct OrderPage: Encodable {
    let shop: StellaHeader
    let number: String
    let placed: String
    let name: String
    let email: String
    let address: String
    let lines: [OrderLineRow]
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
        lines = order.lines.map(OrderLineRow.init)
        total = order.total.formatted
        self.isNew = isNew
        self.sendsMail = sendsMail
        state = order.shopperState
    }
}
