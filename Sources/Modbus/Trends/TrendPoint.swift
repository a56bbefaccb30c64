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

extension TrendPoint {
    /// A time in whole milliseconds since 1970, as the stores keep it, held to what an Int64
    /// holds rather than trapping (the view models refuse times outside 1970 to 9999 before
    /// they get here).
    public static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return Int64(exactly: milliseconds) ?? (milliseconds > 0 ? .max : .min)
    }

    public static func date(milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// A mean to 12 significant digits: beyond what any register holds, short of the noise of
    /// summing in binary (0.13790158500000002).
    public static func trimmed(_ mean: Double?) -> Double? {
        mean.map { Double(String(format: "%.12g", $0)) ?? $0 }
    }
}
