/// One statement with its binds, written once for both engines: every interpolated value is a
/// bind, never text, and becomes `?` for SQLite or `$1`, `$2`… for PostgreSQL.
///
///     let recent: SQL = "SELECT * FROM modbus_writes WHERE device = \(device) ORDER BY id DESC LIMIT \(limit)"
///
/// A statement may hold another (`\(filter)`), and a list of values (`IN \(list: skus)`).
public struct SQL: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    enum Piece: Sendable {
        case text(String)
        case value(SQLValue)
    }

    private(set) var pieces: [Piece]

    public init(stringLiteral text: String) {
        pieces = [.text(text)]
    }

    public init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// `parts` one after another, `separator` between them.
    public init(joining parts: [SQL], separator: String) {
        pieces = []
        for (index, part) in parts.enumerated() {
            if index > 0 { pieces.append(.text(separator)) }
            pieces += part.pieces
        }
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            pieces.append(.text(literal))
        }

        /// A value, bound.
        public mutating func appendInterpolation(_ value: some SQLBindable) {
            pieces.append(.value(value.sqlValue))
        }

        /// A value or NULL, bound.
        public mutating func appendInterpolation(_ value: (some SQLBindable)?) {
            pieces.append(.value(value?.sqlValue ?? .null))
        }

        /// Another statement's text and binds, in place.
        public mutating func appendInterpolation(_ statement: SQL) {
            pieces += statement.pieces
        }

        /// `(?, ?, ?)`: values for `IN`; an empty list is `(NULL)`, which nothing is in.
        public mutating func appendInterpolation(list values: some Sequence<some SQLBindable>) {
            pieces.append(.text("("))
            var first = true
            for value in values {
                if !first { pieces.append(.text(", ")) }
                pieces.append(.value(value.sqlValue))
                first = false
            }
            pieces.append(.text(first ? "NULL)" : ")"))
        }
    }

    /// The statement's text for `dialect`, with its placeholders, and its binds in order.
    public func rendered(for dialect: SQLDialect) -> (text: String, values: [SQLValue]) {
        var text = "", values: [SQLValue] = []
        for piece in pieces {
            switch piece {
            case .text(let part): text += part
            case .value(let value):
                values.append(value)
                text += dialect == .sqlite ? "?" : "$\(values.count)"
            }
        }
        return (text, values)
    }

    /// The text as SQLite would run it, for messages.
    public var description: String { rendered(for: .sqlite).text }
}

/// The SQL that differs between the engines: the stores say which with `switch dialect`.
public enum SQLDialect: Sendable, Equatable {
    case sqlite, postgres
}
