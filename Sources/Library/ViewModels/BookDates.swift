import Foundation

/// How the library's pages say when: "Nov 3, 2026 at 4:06 PM" in the reader's time zone, as
/// the seed's DateFormatter+Book did, and "5 min ago" in lists.
public enum BookDates {
    /// "Nov 3, 2026 at 4:06 PM".
    public static func long(_ date: Date, timeZone: TimeZone) -> String {
        format(date, "MMM d, yyyy 'at' h:mm a", timeZone)
    }

    /// "Nov 17, 2026".
    public static func day(_ date: Date, timeZone: TimeZone) -> String {
        format(date, "MMM d, yyyy", timeZone)
    }

    private static func format(_ date: Date, _ pattern: String, _ timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the day.
    public static func relative(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86400 { return "\(Int(seconds / 3600)) h ago" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days <= 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        return day(date, timeZone: timeZone)
    }
}
