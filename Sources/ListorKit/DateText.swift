import Foundation

/// Dates as the seeds' backends wrote them: "2026-11-22 14:05", or "2026-11-22 14:05:09".
public enum DateText {
    /// Coordinated Universal Time, the zone the seeds' backends wrote their dates in.
    public static let utc = TimeZone(identifier: "UTC")!

    public static func dateTime(_ date: Date, timeZone: TimeZone, seconds: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        let minutes = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        return seconds ? minutes + ":" + two(parts.second) : minutes
    }

    /// "2026-11-22 14:05:09" (or with a "T") in `timeZone`; nil for anything else, impossible dates included.
    public static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" || $0 == "T" }).map { Int(digits: $0) }
        guard parts.count == 6, parts.allSatisfy({ $0 != nil }) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5])
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
