import ListorKit

/// An index file's parts, one record a row in part-number order: each the part in the seed's
/// JSON format with its checksum, read from the file (not the mapping: the few parts a query
/// shows lie all over the records, and each touched page would map its neighbours) only when
/// the part is shown, and checked before it is read.
struct IndexRecords: Sendable {
    private let file: MappedFile
    /// Where the records lie in the file.
    private let start: Int
    private nonisolated(unsafe) let offsets: UnsafeBufferPointer<UInt64>
    private nonisolated(unsafe) let checksums: UnsafeBufferPointer<UInt64>

    /// The records of `count` rows in `sections` of `file`.
    init(_ sections: IndexSections, file: MappedFile, count: Int) throws(IndexFileError) {
        self.file = file
        start = sections.table[IndexSections.ID.records.rawValue]?.lowerBound ?? 0
        offsets = try sections.buffer(.recordOffsets, as: UInt64.self)
        checksums = try sections.buffer(.recordChecksums, as: UInt64.self)
        guard offsets.count == count + 1, checksums.count == count else { throw IndexFileError("the index's records do not fit its \(count) rows") }
    }

    /// The records' sections of `parts`, in row order.
    static func layout(_ parts: [any Transistor], rows partOfRow: [Int32], into layout: inout IndexSections.Layout) {
        var bytes: [UInt8] = []
        var offsets: [UInt64] = [0]
        var checksums: [UInt64] = []
        offsets.reserveCapacity(parts.count + 1)
        checksums.reserveCapacity(parts.count)
        for position in partOfRow {
            let record = Array(TransistorJSON.value(parts[Int(position)]).serialized(pretty: false).utf8)
            checksums.append(record.withUnsafeBytes { ContentHash.of($0) })
            bytes += record
            offsets.append(UInt64(bytes.count))
        }
        layout.add(.records, bytes)
        layout.add(.recordOffsets, offsets)
        layout.add(.recordChecksums, checksums)
    }

    /// The parts of `rows`, each record checked first.
    func transistors(_ rows: [Int]) throws(IndexFileError) -> [any Transistor] {
        var result: [any Transistor] = []
        result.reserveCapacity(rows.count)
        for row in rows {
            guard row + 1 < offsets.count, row < checksums.count, offsets[row] <= offsets[row + 1],
                  let record = file.read(start + Int(offsets[row])..<start + Int(offsets[row + 1]))
            else { throw IndexFileError("the record of row \(row) lies outside the file") }
            guard record.withUnsafeBytes({ ContentHash.of($0) }) == checksums[row] else {
                throw IndexFileError("the record of row \(row) does not match its checksum")
            }
            do {
                result.append(try TransistorCatalogDecoder.CatalogEntry(json: try JSONParser.parse(record), codingPath: []).transistor)
            } catch {
                throw IndexFileError("the record of row \(row) is not a part: \(error)")
            }
        }
        return result
    }
}
