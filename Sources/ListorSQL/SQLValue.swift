import Foundation
import GRDB

/// A value bound to a statement or read from a row, on either engine. SQLite has no dates or
/// booleans of its own: it keeps a date as GRDB does ("2026-11-29 12:34:56.789", UTC) and a
/// boolean as 0 or 1, and the readers below take either form.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bool(Bool)
    case date(Date)
    case blob([UInt8])
}

/// A Swift value a statement can bind.
public protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

/// A Swift value a row's column can be read as.
public protocol SQLDecodable {
    /// Throws `StorageError` with `.decoding` when the value is not of this type.
    init(sqlValue: SQLValue) throws(StorageError)
}

extension SQLValue {
    func mismatch(_ type: Any.Type) -> StorageError {
        StorageError(.decoding, "a column holds \(self), not \(type)")
    }
}

extension Int64: SQLBindable, SQLDecodable {
    public var sqlValue: SQLValue { .integer(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        switch sqlValue {
        case .integer(let value): self = value
        case .bool(let value): self = value ? 1 : 0
        case .real(let value) where value.rounded() == value && abs(value) < 9e18: self = Int64(value)
        default: throw sqlValue.mismatch(Int64.self)
        }
    }
}

extension Int: SQLBindable, SQLDecodable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public init(sqlValue: SQLValue) throws(StorageError) { self = Int(try Int64(sqlValue: sqlValue)) }
}

extension Double: SQLBindable, SQLDecodable {
    /// A NaN or an infinity is bound as NULL: neither engine keeps them alike.
    public var sqlValue: SQLValue { isFinite ? .real(self) : .null }
    public init(sqlValue: SQLValue) throws(StorageError) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: throw sqlValue.mismatch(Double.self)
        }
    }
}

extension String: SQLBindable, SQLDecodable {
    public var sqlValue: SQLValue { .text(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        guard case .text(let value) = sqlValue else { throw sqlValue.mismatch(String.self) }
        self = value
    }
}

extension Bool: SQLBindable, SQLDecodable {
    public var sqlValue: SQLValue { .bool(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        switch sqlValue {
        case .bool(let value): self = value
        case .integer(let value): self = value != 0
        default: throw sqlValue.mismatch(Bool.self)
        }
    }
}

extension Date: SQLBindable, SQLDecodable {
    public var sqlValue: SQLValue { .date(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        switch sqlValue {
        case .date(let value): self = value
        case .text(let text):
            guard let date = Date.fromDatabaseValue(text.databaseValue) else { throw sqlValue.mismatch(Date.self) }
            self = date
        default: throw sqlValue.mismatch(Date.self)
        }
    }
}

extension [UInt8]: SQLBindable, SQLDecodable {
    public var sqlValue: SQLValue { .blob(self) }
    public init(sqlValue: SQLValue) throws(StorageError) {
        guard case .blob(let bytes) = sqlValue else { throw sqlValue.mismatch([UInt8].self) }
        self = bytes
    }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
    public init(sqlValue: SQLValue) throws(StorageError) {
        self = sqlValue == .null ? nil : try Wrapped(sqlValue: sqlValue)
    }
}
