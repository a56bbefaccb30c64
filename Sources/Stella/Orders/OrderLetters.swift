import Foundation
import ListorKit

/// The mail a shopper gets about an order: that it is placed, that it is on its way (with the
/// carrier's tracking note), or that it is cancelled. The store keeps each in its outbox in the
/// transaction that makes it true, so that each goes once.
public struct OrderLetters: Sendable {
    /// Who the letters are signed by: "Stella".
    public var shop: String

    /// A message not sent within this long after it was queued is not sent at all (a server
    /// that ran without a mail server, then with one, does not send last week's confirmations).
    public static let freshFor: TimeInterval = 86_400

    public init(shop: String = "Stella") {
        self.shop = shop
    }

    /// The letter about the order as it is now.
    public func letter(_ order: Order) -> OutgoingMail {
        let lines = order.lines.map { line in
            "\(line.quantity) × \(line.name) (\(line.sku)), \(line.total.formatted)"
        }
        let summary = lines.joined(separator: "\n") + "\nTotal \(order.total.formatted), to be paid on delivery."
        let (subject, text): (String, String) = switch order.state {
        case .open:
            ("Your order \(order.number) is placed",
             "thank you for your order \(order.number). We will send it to:\n\n\(order.address)\n\n\(summary)\n\nWe will write again when it is on its way.")
        case .fulfilled:
            ("Your order \(order.number) is on its way",
             "your order \(order.number) is on its way to:\n\n\(order.address)\n\n" + (order.tracking.map { "Tracking: \($0)\n\n" } ?? "") + summary)
        case .cancelled:
            ("Your order \(order.number) is cancelled",
             "your order \(order.number) is cancelled: nothing will be sent, and nothing is to be paid.\n\n\(summary)")
        }
        return OutgoingMail(key: "order-\(order.number)-\(order.state.rawValue)", kind: "order-\(order.state.rawValue)", recipient: order.email,
                            recipientName: order.name, subject: subject, body: "Dear \(order.name),\n\n\(text)\n\n\(shop)\n")
    }
}
