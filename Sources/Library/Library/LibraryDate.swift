import Foundation
import ListorKit

/// "2026-11-03 16:06:00" in UTC: how the Prolific API writes dates.
public enum LibraryDate {
    public static func text(_ date: Date) -> String {
        DateText.dateTime(date, timeZone: DateText.utc, seconds: true)
    }

    public static func date(_ text: String) -> Date? {
        DateText.parse(text, timeZone: DateText.utc)
    }
}
