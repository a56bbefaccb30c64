import ListorKit

/// An index file's parts, one record a row in part-number order: each the part in the seed's
/// JSON format, after its checksum and its row. A record, and where it lies, are read from the
/// file (not the mapping: the few parts a query shows lie all over the file, and each touched
/// page would map its neighbours) only when the part is shown. The record's checksum and row
/// check both it and where it was said to lie, so the table of places needs no checksum of its
/// own and is never read whole.
struct IndexRecords: Sendable {
    private let file: MappedFile
    /// Where the records, and the table of where each starts (a `UInt64` a row, and the end),
    /// lie in the file.
    private let records: Range<Int>
    private let offsets: Range<Int>
    private let count: Int
    /// A record's checksum and row, before its JSON.
    private static let headerSize = 12

    /// The records of `count` rows in `sections` of `file`.
    init(_ sections: IndexSections, file: MappedFile, count: Int) throws(IndexFileError) {
        guard let records = sections.table[IndexSections.ID.records.rawValue], let offsets = sections.table[IndexSections.ID.recordOffsets.rawValue],
              offsets.count == (count + 1) * 8
        else { throw IndexFileError("the index's records do not fit its \(count) rows") }
        self.file = file
        self.records = records
        self.offsets = offsets
        self.count = count
    }

    /// The records' sections of `parts`, in row order.
    static func layout(_ parts: [any Transistor], rows partOfRow: [Int32], into layout: inout IndexSections.Layout) {
        var bytes: [UInt8] = []
        var offsets: [UInt64] = [0]
        offsets.reserveCapacity(parts.count + 1)
        for (row, position) in partOfRow.enumerated() {
            var record = withUnsafeBytes(of: UInt32(row).littleEndian, Array.init)
            record += TransistorJSON.value(parts[Int(position)]).serialized(pretty: false).utf8
            withUnsafeBytes(of: record.withUnsafeBytes { ContentHash.of($0) }.littleEndian) { bytes += $0 }
            bytes += record
            offsets.append(UInt64(bytes.count))
        }
        layout.add(.records, bytes)
        layout.add(.recordOffsets, offsets)
    }

    /// The parts of `rows`, each record checked first.
    func transistors(_ rows: [Int]) throws(IndexFileError) -> [any Transistor] {
        var result: [any Transistor] = []
        result.reserveCapacity(rows.count)
        for row in rows {
            guard 0 <= row, row < count, let place = file.read(offsets.lowerBound + row * 8..<offsets.lowerBound + row * 8 + 16) else {
                throw IndexFileError("row \(row) has no record")
            }
            let start = place.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let end = place.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
            guard start <= end, end <= UInt64(records.count), end - start >= UInt64(Self.headerSize),
                  let record = file.read(records.lowerBound + Int(start)..<records.lowerBound + Int(end))
            else { throw IndexFileError("the record of row \(row) lies outside the file") }
            let (checksum, recordRow) = record.withUnsafeBytes {
                (UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)), UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
            }
            let checked = record[8...].withUnsafeBytes { ContentHash.of($0) }
            guard checksum == checked, recordRow == UInt32(row) else { throw IndexFileError("the record of row \(row) does not match its checksum") }
            do {
                let json = try record[Self.headerSize...].withUnsafeBytes { try JSONParser.parse($0) }
                result.append(try TransistorCatalogDecoder.CatalogEntry(json: json, codingPath: []).transistor)
            } catch {
                throw IndexFileError("the record of row \(row) is not a part: \(error)")
            }
        }
        return result
    }
}
