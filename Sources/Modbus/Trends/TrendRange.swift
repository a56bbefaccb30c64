import Foundation

/// The spans a variable's chart offers, as links: the last 5 minutes, hour, day or week.
public enum TrendRange: String, Sendable, CaseIterable {
    case fiveMinutes = "5m"
    case hour = "1h"
    case day = "1d"
    case week = "1w"

    public var duration: TimeInterval {
        switch self {
        case .fiveMinutes: 300
        case .hour: 3600
        case .day: 86_400
        case .week: 604_800
        }
    }

    /// "5 minutes", "hour", "day", "week": as in "the last hour".
    public var title: String {
        switch self {
        case .fiveMinutes: "5 minutes"
        case .hour: "hour"
        case .day: "day"
        case .week: "week"
        }
    }

    /// The seconds one point of the chart sums up: every sample for 5 minutes, otherwise
    /// about 700 points across the chart.
    public var step: Int? {
        switch self {
        case .fiveMinutes: nil
        case .hour: 5
        case .day: 120
        case .week: 900
        }
    }
}
