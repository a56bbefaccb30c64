/// A variable's alarm, as its register map sets it: a high and/or a low threshold, the
/// hysteresis the value must come back past before the alarm clears, and how long a threshold
/// must stay crossed before the alarm is raised.
public struct AlarmRule: Sendable, Hashable {
    public var high: Double?
    public var low: Double?
    public var hysteresis: Double
    public var minimumDuration: Duration

    public init(high: Double? = nil, low: Double? = nil, hysteresis: Double = 0, minimumDuration: Duration = .zero) {
        self.high = high
        self.low = low
        self.hysteresis = hysteresis
        self.minimumDuration = minimumDuration
    }
}
