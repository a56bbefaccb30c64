import Foundation

/// What a circulation rule changes, written in the transaction that read the state: all of it
/// or none of it.
public struct CirculationChange: Sendable, Hashable {
    /// A loan to open.
    public var open: Checkout?
    /// Whether the open loan ends, at the state's time.
    public var close = false
    /// The open loan's new due date, one renewal more.
    public var renewal: Date?
    /// A hold to place for the state's patron, in this state (waiting, or ready at once).
    public var place: Hold?
    /// Holds whose state changed, whole.
    public var holds: [Hold] = []

    public init(open: Checkout? = nil, close: Bool = false, renewal: Date? = nil, place: Hold? = nil, holds: [Hold] = []) {
        self.open = open
        self.close = close
        self.renewal = renewal
        self.place = place
        self.holds = holds
    }

    /// Nothing to write.
    public var isEmpty: Bool { open == nil && !close && renewal == nil && place == nil && holds.isEmpty }
}
