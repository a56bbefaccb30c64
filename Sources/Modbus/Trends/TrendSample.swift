import Foundation

/// One polled value of one variable, as trends keep it: nil when the read failed (the row
/// was stale), which charts draw as a gap.
public struct TrendSample: Sendable, Hashable {
    /// The variable's registers as the map labels them, "1-2": its key in the history.
    public var variable: String
    public var time: Date
    public var value: Double?

    public init(variable: String, time: Date, value: Double?) {
        self.variable = variable
        self.time = time
        self.value = value
    }
}
