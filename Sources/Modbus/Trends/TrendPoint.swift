import Foundation

/// A variable's value over one step of time: one sample, or the samples of a bucket summed up.
/// A point with no values (`count` 0) is a time the device could not be read.
public struct TrendPoint: Sendable, Hashable {
    /// The start of the step (or the sample's time).
    public var time: Date
    public var minimum: Double?
    public var maximum: Double?
    public var mean: Double?
    /// The last value in the step.
    public var last: Double?
    /// How many values the step holds.
    public var count: Int

    public init(time: Date, minimum: Double?, maximum: Double?, mean: Double?, last: Double?, count: Int) {
        self.time = time
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
        self.last = last
        self.count = count
    }

    /// One sample as a point.
    public init(time: Date, value: Double?) {
        self.init(time: time, minimum: value, maximum: value, mean: value, last: value, count: value == nil ? 0 : 1)
    }

    public var isGap: Bool { count == 0 }
}
