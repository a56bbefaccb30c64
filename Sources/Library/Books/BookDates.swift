import Foundation

/// How the library's pages say when: "Nov 3, 2026 at 4:06 PM" in the reader's time zone, as
/// the seed's DateFormatter+Book did, and "5 min ago" in lists.
public enum BookDates {
    /// "Nov 3, 2026 at 4:06 PM".
    public static func long(_ date: Date, timeZone: TimeZone) -> String {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return "\(day(parts)) at \(hour % 12 == 0 ? 12 : hour % 12):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
    }

    /// "Nov 17, 2026".
    public static func day(_ date: Date, timeZone: TimeZone) -> String {
        day(calendar(timeZone).dateComponents([.year, .month, .day], from: date))
    }

    /// The English month abbreviations of `en_US_POSIX`, which lists have always shown; written
    /// out rather than asked of a `DateFormatter`, which is costly to make for every row.
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func day(_ parts: DateComponents) -> String {
        "\(months[((parts.month ?? 1) - 1) % 12]) \(parts.day ?? 1), \(parts.year ?? 1970)"
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the day.
    public static func relative(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86400 { return "\(Int(seconds / 3600)) h ago" }
        let calendar = calendar(timeZone)
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days <= 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        return day(date, timeZone: timeZone)
    }
}
