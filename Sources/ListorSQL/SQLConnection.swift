/// A database in one transaction: statements run one after another, synchronously, and all of
/// them or none are kept.
public protocol SQLConnection {
    var dialect: SQLDialect { get }

    /// Runs `statement` and returns its rows (those of `RETURNING` too).
    func rows(_ statement: SQL) throws(StorageError) -> [SQLRow]

    /// Runs `statement` and returns how many rows it changed.
    @discardableResult
    func execute(_ statement: SQL) throws(StorageError) -> Int

    /// Runs `script`, statements separated by semicolons and binding nothing: a migration's DDL.
    func script(_ script: String) throws(StorageError)
}

extension SQLConnection {
    /// The first row, if any.
    public func row(_ statement: SQL) throws(StorageError) -> SQLRow? {
        try rows(statement).first
    }

    /// The first column of the first row: a count, a number, a name.
    public func value<Value: SQLDecodable>(_ statement: SQL, as type: Value.Type = Value.self) throws(StorageError) -> Value? {
        guard let row = try row(statement) else { return nil }
        return try row[0] as Value
    }

    /// Runs each of `statements`, in order.
    public func execute(_ statements: [SQL]) throws(StorageError) {
        for statement in statements { try execute(statement) }
    }
}
