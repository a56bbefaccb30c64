import Foundation

/// An order placed: its number, what was bought at what price, and where it goes. There is no
/// payment provider: orders are paid on delivery.
public struct Order: Sendable, Hashable {
    /// Where the order is: placed and waiting to be sent, sent, or cancelled (its stock returned).
    public enum State: String, Sendable, Hashable, CaseIterable {
        case open, fulfilled, cancelled
    }

    /// What happened to the order after it was placed, when and by whom.
    public struct Event: Sendable, Hashable {
        public var at: Date
        public var state: State
        /// The tracking note given with a fulfilment.
        public var note: String?
        /// "ann (command line)", "the owner (web, 127.0.0.1)".
        public var by: String

        public init(at: Date, state: State, note: String? = nil, by: String) {
            self.at = at
            self.state = state
            self.note = note
            self.by = by
        }

        /// "Fulfilled: DHL 123", "Cancelled": what happened, without when and by whom.
        public var headline: String {
            (state == .fulfilled ? "Fulfilled" : state == .cancelled ? "Cancelled" : "Placed") + (note.map { ": \($0)" } ?? "")
        }
    }

    /// "S-000042": what the shopper is told and the API and the command line name.
    public var number: String
    /// 32 random hex digits: the order page's address, which only the shopper is given.
    public var key: String
    public var lines: [OrderLine]
    public var name: String
    public var email: String
    public var address: String
    public var placed: Date
    public var state: State
    /// Oldest first.
    public var history: [Event]

    public init(number: String, key: String = "", lines: [OrderLine], name: String, email: String, address: String, placed: Date,
                state: State = .open, history: [Event] = []) {
        self.number = number
        self.key = key
        self.lines = lines
        self.name = name
        self.email = email
        self.address = address
        self.placed = placed
        self.state = state
        self.history = history
    }

    /// "S-000042": the order number for the store's `id`-th order.
    public static func number(_ id: Int64) -> String {
        let digits = String(id)
        return "S-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// A new order page key: 128 random bits.
    public static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Where the order is, as its shopper is told: "Sent", "Sent: DHL 123", a cancellation;
    /// nil while it waits to be sent.
    public var shopperState: String? {
        switch state {
        case .open: nil
        case .fulfilled: "Sent" + (tracking.map { ": \($0)" } ?? "")
        case .cancelled: "Cancelled: nothing will be sent, and nothing is to be paid"
        }
    }

    /// The carrier's tracking note, once the order is sent with one.
    public var tracking: String? { history.last { $0.state == .fulfilled }?.note }

    public var total: Money {
        Money(minorUnits: lines.reduce(0) { $0 + $1.total.minorUnits }, currency: lines.first?.price.currency ?? "EUR")
    }
}
