import Foundation

/// A cookie's `Expires` date, read as RFC 6265 (§5.1.1) says browsers read it: the time, day,
/// month and year found among the tokens in any order and any of the formats servers send
/// ("Wed, 21 Oct 2015 07:28:00 GMT", "Wednesday, 21-Oct-15 07:28:00 GMT", asctime's), always
/// in UTC. Arithmetic only: DateFormatter leaked on every call here (found by the cookie-jar
/// fuzz target under LeakSanitizer) and four of them were made for each cookie.
enum CookieDate {
    static func parse(_ text: String) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var day: Int?, month: Int?, year: Int?
        for token in text.utf8.split(whereSeparator: isDelimiter) {
            if time == nil, let found = parseTime(token) {
                time = found
            } else if day == nil, let found = leadingNumber(token, digits: 1...2) {
                day = found
            } else if month == nil, let found = monthNumber(token) {
                month = found
            } else if year == nil, let found = leadingNumber(token, digits: 2...4) {
                year = found
            }
        }
        guard var year, let month, let day, let time else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard year >= 1601, time.hour <= 23, time.minute <= 59, time.second <= 59, (1...daysIn(month, of: year)).contains(day) else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E.
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// `digits` digits, then anything but a digit.
    private static func leadingNumber(_ token: Substring.UTF8View.SubSequence, digits: ClosedRange<Int>) -> Int? {
        let number = token.prefix(while: isDigit)
        guard digits.contains(number.count), token.dropFirst(number.count).first.map(isDigit) != true else { return nil }
        return number.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// hh:mm:ss, each of one or two digits, then anything but a digit.
    private static func parseTime(_ token: Substring.UTF8View.SubSequence) -> (Int, Int, Int)? {
        let parts = token.split(separator: UInt8(ascii: ":"), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = leadingNumber(parts[0], digits: 1...2), parts[0].allSatisfy(isDigit),
              let minute = leadingNumber(parts[1], digits: 1...2), parts[1].allSatisfy(isDigit),
              let second = leadingNumber(parts[2], digits: 1...2) else { return nil }
        return (hour, minute, second)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func monthNumber(_ token: Substring.UTF8View.SubSequence) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3).map { $0 | 0x20 }, as: UTF8.self)
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (proleptic Gregorian), after Howard Hinnant's days_from_civil.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
