/// Why the history could not be read or written: what was being done, and the store's reason.
public struct HistoryError: Error, Sendable, Hashable, CustomStringConvertible {
    public var action: String
    public var reason: String

    public init(_ action: String, reason: String) {
        self.action = action
        self.reason = reason
    }

    public var description: String { "cannot \(action): \(reason)" }
}
