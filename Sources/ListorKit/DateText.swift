import Foundation

/// Dates as the seeds' backends wrote them: "2026-11-22 14:05", or "2026-11-22 14:05:09".
public enum DateText {
    public static func dateTime(_ date: Date, timeZone: TimeZone, seconds: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        let minutes = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        return seconds ? minutes + ":" + two(parts.second) : minutes
    }
}
