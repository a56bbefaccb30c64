import Foundation
import Synchronization

/// How much one shopper may reserve in an hour. Orders are paid on delivery and need no
/// account, so without a bound one client could order the whole stock in a moment and sell out
/// the store for everyone else. Items are counted per client address and per email address
/// over the last hour; an order past either limit is refused whole, saying when to try again.
/// Kept by each node in memory: several nodes each give a client the limit.
public final class OrderAllowance: Sendable {
    /// Items one address, or one email address, may order in an hour.
    public let itemsPerHour: Int
    private let now: @Sendable () -> Date
    private let taken = Mutex<[String: [(at: Date, items: Int)]]>([:])
    /// The shoppers kept at most; the one that ordered longest ago goes first.
    private let shoppers = 100_000

    public init(itemsPerHour: Int, now: @escaping @Sendable () -> Date = Date.init) {
        self.itemsPerHour = itemsPerHour
        self.now = now
    }

    /// Counts `items` for the client and the email address, or throws `OrderLimitError` and counts nothing.
    func reserve(_ items: Int, client: String, email: String) throws(OrderLimitError) {
        let keys = ["email " + email.lowercased(), "address " + client]
        let at = now()
        let hour: TimeInterval = 3600
        let refusal: OrderLimitError? = taken.withLock { taken in
            for key in keys {
                let recent = (taken[key] ?? []).filter { at.timeIntervalSince($0.at) < hour }
                taken[key] = recent.isEmpty ? nil : recent
                let used = recent.reduce(0) { $0 + $1.items }
                guard used + items <= itemsPerHour else {
                    // When enough of what was ordered leaves the hour.
                    var freed = 0, until = at
                    for entry in recent where used - freed + items > itemsPerHour {
                        freed += entry.items
                        until = entry.at.addingTimeInterval(hour)
                    }
                    return OrderLimitError(byEmail: key.hasPrefix("email"), limit: itemsPerHour, ordered: used,
                                           retryAfter: max(1, Int(until.timeIntervalSince(at).rounded(.up))))
                }
            }
            if taken.count >= shoppers, let stalest = taken.min(by: { ($0.value.last?.at ?? at) < ($1.value.last?.at ?? at) })?.key { taken[stalest] = nil }
            for key in keys { taken[key, default: []].append((at, items)) }
            return nil
        }
        if let refusal { throw refusal }
    }

    /// Gives back what `reserve` counted for an order the store then refused.
    func giveBack(_ items: Int, client: String, email: String) {
        taken.withLock { taken in
            for key in ["address " + client, "email " + email.lowercased()] {
                guard let index = taken[key]?.lastIndex(where: { $0.items == items }) else { continue }
                taken[key]?.remove(at: index)
            }
        }
    }
}

/// An order refused because its shopper ordered too much in the last hour.
public struct OrderLimitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Whether the email address reached the limit, rather than the client's address.
    public let byEmail: Bool
    public let limit: Int
    public let ordered: Int
    /// Seconds until the order would be taken.
    public let retryAfter: Int

    /// The refusal as a page says it: "This email address has ordered … Try again in 12 minutes."
    public var sentence: String {
        String(description.prefix(1)).uppercased() + description.dropFirst() + "."
    }

    public var description: String {
        let who = byEmail ? "this email address" : "this address"
        let minutes = max(1, (retryAfter + 59) / 60)
        return "\(who) has ordered \(ordered) item\(ordered == 1 ? "" : "s") in the last hour, and a shopper may order \(limit) an hour; nothing was ordered. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")"
    }
}
