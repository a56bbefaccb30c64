import Foundation

/// How the registers of one variable hold its value, named as in the TUF-2000M manual.
public enum RegisterFormat: String, Sendable, CaseIterable {
    /// IEEE 754 float32 in two registers.
    case real4 = "REAL4"
    /// Signed 32-bit integer in two registers.
    case long = "LONG"
    /// Unsigned 32-bit integer in two registers.
    case ulong = "ULONG"
    /// Signed 16-bit integer.
    case integer = "INTEGER"
    /// Unsigned 16-bit integer.
    case uint16 = "UINT16"
    /// Four decimal digits per register, one per nibble.
    case bcd = "BCD"
    /// The register's 16 bits, most significant first.
    case bit = "BIT"
    /// The TUF-2000M's calendar: seconds, minutes, hours, day, month and year (of the century),
    /// one BCD byte each, low byte first in each of three registers; read as a date and time.
    case calendar = "CALENDAR"

    /// The registers a value takes, when the format fixes it.
    public var registerCount: Int? {
        switch self {
        case .real4, .long, .ulong: 2
        case .integer, .uint16: 1
        case .calendar: 3
        case .bcd, .bit: nil
        }
    }
}
