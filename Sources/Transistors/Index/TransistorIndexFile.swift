import Foundation
import ListorKit

/// A catalog's index kept on disk, so that a later run maps it and answers without reading the
/// catalog: the index's columns and each part's record, as `TransistorIndex` reads them in place.
///
/// The file starts with a header: the magic `LISTORIX`, the format `version`, its own length,
/// the catalog files it was made from (path, size, modification time and a hash of the
/// contents), the catalog's problems, a table of sections with each one's checksum, and the
/// header's checksum. Opening checks the header; each section is checked against its checksum
/// when a query first uses it, and each part's record against its own when the part is read, so
/// a file of another version, cut short or changed in any byte is refused with the reason, and
/// nothing of it is used before it is checked. A query reads and maps only the columns it needs. A catalog
/// file whose size or time differs is hashed: the same contents (a copy, a `touch`) keep the
/// index, other contents make it stale. The file is written beside its final name and renamed
/// into place, so a reader sees a whole file or none.
public enum TransistorIndexFile {
    public static let version: UInt32 = 3
    static let magic = Array("LISTORIX".utf8)

    /// A catalog file as the index saw it.
    public struct Source: Sendable, Hashable {
        public var path: String
        public var size: UInt64
        /// Nanoseconds since 1970.
        public var modified: Int64
        public var hash: UInt64

        /// `path` as it is now; its hash is taken only when `hashing`.
        public static func current(_ path: String, hashing: Bool) throws(IndexFileError) -> Source {
            var status = stat()
            guard stat(path, &status) == 0 else { throw IndexFileError("cannot read \(path): \(String(cString: strerror(errno)))", kind: .stale) }
            var source = Source(path: path, size: UInt64(status.st_size),
                                modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec), hash: 0)
            if hashing { source.hash = try hashOf(path) }
            return source
        }

        static func hashOf(_ path: String) throws(IndexFileError) -> UInt64 {
            do {
                let file = try MappedFile(path: path)
                return IndexSections.checksum(file, 0..<file.bytes.count)
            } catch {
                throw IndexFileError("cannot read \(path): \(error.reason)")
            }
        }
    }

    // MARK: - Writing

    /// Writes the index of `catalog`, made from `sources`, to `path`.
    public static func write(_ catalog: TransistorCatalog, sources: [Source], to path: String) throws {
        let (sectionsLayout, partOfRow) = TransistorIndex.layout(catalog.transistors, ratingsByPackage: true)
        var layout = sectionsLayout
        IndexRecords.layout(catalog.transistors, rows: partOfRow, into: &layout)
        let sections = IndexSections(layout)
        let header = self.header(count: catalog.transistors.count, sources: sources, problems: catalog.problems, sections: sections)
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).partial"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        // The header, then the sections from where they lie, not copied into one buffer first.
        guard FileManager.default.createFile(atPath: temporary, contents: Data(header)) else {
            throw IndexFileError("cannot write \(temporary)")
        }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
        try file.seekToEnd()
        if let base = sections.bytes.baseAddress {
            try file.write(contentsOf: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: sections.bytes.count, deallocator: .none))
        }
        try file.close()
        guard rename(temporary, path) == 0 else { throw IndexFileError("cannot put the index in place at \(path): \(String(cString: strerror(errno)))") }
    }

    /// The header: fixed fields, then the sources and problems as JSON, the section table, and
    /// the checksum of everything before it; padded to 8 bytes, where the sections start.
    private static func header(count: Int, sources: [Source], problems: [Problem], sections: IndexSections) -> [UInt8] {
        let about = JSONValue.members([
            ("sources", .array(sources.map { source in
                .members([("path", .string(source.path)), ("size", .string(String(source.size))),
                          ("modified", .string(String(source.modified))), ("hash", .string(String(source.hash)))])
            })),
            ("problems", .array(problems.map { problem in
                .members([("line", problem.line.map { .number(Double($0)) } ?? .null), ("index", problem.index.map { .number(Double($0)) } ?? .null),
                          ("item", problem.itemName.map(JSONValue.string) ?? .null), ("field", problem.field.map(JSONValue.string) ?? .null),
                          ("reason", .string(problem.reason))])
            })),
        ])
        let aboutBytes = Array(about.serialized(pretty: false).utf8)
        let table = sections.table.sorted { $0.value.lowerBound < $1.value.lowerBound }
        let fixed = 48
        let headerLength = (fixed + aboutBytes.count + table.count * 32 + 8 + 7) / 8 * 8
        var bytes = magic
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(version)
        append(UInt32(table.count))
        append(UInt64(headerLength + sections.bytes.count))
        append(UInt64(count))
        append(UInt64(headerLength))
        append(UInt64(aboutBytes.count))
        bytes += aboutBytes
        for (id, range) in table {
            append(id)
            append(UInt32(0))
            append(UInt64(range.lowerBound))
            append(UInt64(range.count))
            append(ContentHash.of(UnsafeRawBufferPointer(rebasing: sections.bytes[range])))
        }
        append(bytes.withUnsafeBytes { ContentHash.of($0) })
        bytes += [UInt8](repeating: 0, count: headerLength - bytes.count)
        return bytes
    }

    // MARK: - Opening

    /// The index at `path`, when it is a sound index of the catalog files `catalogPaths` as they
    /// are now, with the catalog's problems; otherwise why not.
    public static func open(_ path: String, catalogPaths: [String]) throws(IndexFileError) -> (TransistorIndex, [Problem]) {
        let file: MappedFile
        guard FileManager.default.fileExists(atPath: path) else { throw IndexFileError("no index file", kind: .missing) }
        do { file = try MappedFile(path: path) } catch { throw IndexFileError(error.reason) }
        // The file is read, not touched through the mapping (see `IndexSections`).
        let size = file.bytes.count
        guard size >= 48, let fixed = file.read(0..<48), Array(fixed.prefix(8)) == magic else { throw IndexFileError("not a Listor index file") }
        var reader = Reader(bytes: fixed)
        reader.offset = 8
        let fileVersion: UInt32 = try reader.read()
        guard fileVersion == version else { throw IndexFileError("an index of format \(fileVersion), not \(version)", kind: .otherVersion) }
        let sectionCount = Int(try reader.read() as UInt32)
        let length: UInt64 = try reader.read()
        guard length == UInt64(size) else { throw IndexFileError("\(size) bytes where the header says \(length): cut short or added to") }
        let count = Int(try reader.read() as UInt64)
        let headerLength = Int(try reader.read() as UInt64)
        let aboutLength = Int(try reader.read() as UInt64)
        guard headerLength <= size, headerLength % 8 == 0, aboutLength <= headerLength, 48 + aboutLength + sectionCount * 32 + 8 <= headerLength,
              count <= Int(Int32.max)
        else { throw IndexFileError("a header that does not fit the file") }
        guard let header = file.read(0..<headerLength) else { throw IndexFileError("cut short in its header") }
        reader = Reader(bytes: header)
        let checksumOffset = 48 + aboutLength + sectionCount * 32
        let headerChecksum = header[0..<checksumOffset].withUnsafeBytes { ContentHash.of($0) }
        reader.offset = checksumOffset
        guard headerChecksum == (try reader.read() as UInt64) else { throw IndexFileError("the header does not match its checksum") }

        let (sources, problems) = try header[48..<48 + aboutLength].withUnsafeBytes { bytes in Result { () throws(IndexFileError) in try about(bytes) } }.get()
        try checkSources(sources, catalogPaths: catalogPaths)

        reader.offset = 48 + aboutLength
        var table: [UInt32: Range<Int>] = [:]
        var checksums: [UInt32: UInt64] = [:]
        let body = size - headerLength
        for _ in 0..<sectionCount {
            let id: UInt32 = try reader.read()
            _ = try reader.read() as UInt32
            let offset = Int(try reader.read() as UInt64), size = Int(try reader.read() as UInt64)
            guard offset % 8 == 0, offset <= body, size <= body - offset else { throw IndexFileError("section \(id) lies outside the file") }
            table[id] = headerLength + offset..<headerLength + offset + size
            checksums[id] = try reader.read()
        }
        // The bytes after the header's checksum are padding, and so are those between and after
        // the sections, which start at multiples of 8: fewer than 8 zeros.
        guard header[(checksumOffset + 8)...].allSatisfy({ $0 == 0 }) else { throw IndexFileError("padding at byte \(checksumOffset + 8) is not zero") }
        var position = headerLength
        for range in table.values.sorted(by: { $0.lowerBound < $1.lowerBound }) + [size..<size] {
            if position < range.lowerBound {
                guard range.lowerBound - position < 8, let padding = file.read(position..<range.lowerBound), padding.allSatisfy({ $0 == 0 }) else {
                    throw IndexFileError("padding at byte \(position) is not zero")
                }
            }
            position = max(position, range.upperBound)
        }
        let sections = IndexSections(file: file, table: table, checksums: checksums)
        return (try TransistorIndex(sections: sections, count: count, parts: .records(try IndexRecords(sections, file: file, count: count))), problems)
    }

    /// The sources and problems the header keeps.
    private static func about(_ bytes: UnsafeRawBufferPointer) throws(IndexFileError) -> ([Source], [Problem]) {
        guard let json = try? JSONParser.parse(bytes), case .array(let sources)? = json["sources"], case .array(let problems)? = json["problems"] else {
            throw IndexFileError("the header's sources and problems are not readable")
        }
        func integer(_ value: JSONValue?) -> Int? {
            if case .number(let number)? = value { return Int(exactly: number) }
            return nil
        }
        return (sources.compactMap { source in
            guard let path = source["path"]?.stringValue, let size = source["size"]?.stringValue.flatMap({ UInt64($0) }),
                  let modified = source["modified"]?.stringValue.flatMap({ Int64($0) }), let hash = source["hash"]?.stringValue.flatMap({ UInt64($0) })
            else { return nil }
            return Source(path: path, size: size, modified: modified, hash: hash)
        }, problems.compactMap { problem in
            problem["reason"]?.stringValue.map { reason in
                Problem(line: integer(problem["line"]), index: integer(problem["index"]), itemName: problem["item"]?.stringValue,
                        field: problem["field"]?.stringValue, reason: reason)
            }
        })
    }

    /// The index is of `catalogPaths` as they are now: the same files in the same order, each
    /// of the size and time it had, or of other times but the same contents.
    private static func checkSources(_ sources: [Source], catalogPaths: [String]) throws(IndexFileError) {
        guard sources.map(\.path) == catalogPaths else { throw IndexFileError("an index of other catalog files", kind: .otherCatalog) }
        for source in sources {
            let now = try Source.current(source.path, hashing: false)
            if now.size == source.size, now.modified == source.modified { continue }
            guard now.size == source.size, try Source.hashOf(source.path) == source.hash else {
                throw IndexFileError("stale: \(source.path) has changed since the index was written", kind: .stale)
            }
        }
    }

    /// Fixed-width little-endian numbers read in turn, each within the file.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func read<T: FixedWidthInteger>() throws(IndexFileError) -> T {
            guard offset + MemoryLayout<T>.size <= bytes.count else { throw IndexFileError("cut short in its header") }
            defer { offset += MemoryLayout<T>.size }
            return T(littleEndian: bytes.withUnsafeBytes { [offset] in $0.loadUnaligned(fromByteOffset: offset, as: T.self) })
        }
    }
}
