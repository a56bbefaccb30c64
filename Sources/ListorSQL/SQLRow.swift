/// One row of a result, on either engine, read by position: `try row[0] as Int`.
public struct SQLRow: Sendable {
    /// The result's column names, shared by its rows, for messages.
    let columns: [String]
    public let values: [SQLValue]

    init(columns: [String], values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    public subscript<Value: SQLDecodable>(_ index: Int) -> Value {
        get throws(StorageError) {
            guard values.indices.contains(index) else { throw StorageError(.decoding, "the result has no column \(index + 1)") }
            do { return try Value(sqlValue: values[index]) } catch {
                throw StorageError(.decoding, "column \(index < columns.count ? columns[index] : "\(index + 1)"): \(error.message)")
            }
        }
    }
}
