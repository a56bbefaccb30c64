import ListorKit
import Synchronization

/// An index's columns as sections: runs of bytes, each 8-byte aligned, in one buffer that is
/// either memory of its own (an index built in this process) or a mapped index file. Columns
/// are read in place as typed buffers, so a mapped index is used without being decoded.
///
/// A mapped file's section is checked against its checksum the first time it is used, its
/// pages let go as they are hashed; a query then maps only the columns it reads, and a file
/// changed since it was written throws before any of it is used.
final class IndexSections: Sendable {
    /// What each section holds. A parameter's figures are `parameterLow + 2 × its place in
    /// `TransistorParameter.allCases`` (its upper bounds one more).
    enum ID: UInt32, CaseIterable {
        case dopingRows = 2, logicLevelRows, packageNames, packageIDs, packageRows, packageStarts
        case voltageOrder, currentOrder, foldedPartNumbers, foldedStarts, trigramKeys, trigramStarts, postings
        case restTexts, restIDs, records, recordOffsets, packageNameEnds, restTextEnds
        /// An index file's voltage and current ratings again, in `packageRows`' order, so that a
        /// query for one package reads its ratings in one run instead of pages all over.
        case voltageByPackage, currentByPackage
        case parameterLow = 100
    }

    static func parameterID(_ parameter: TransistorParameter, high: Bool) -> UInt32 {
        let place = UInt32(TransistorParameter.allCases.firstIndex(of: parameter) ?? 0)
        return ID.parameterLow.rawValue + 2 * place + (high ? 1 : 0)
    }

    nonisolated(unsafe) let bytes: UnsafeRawBufferPointer
    /// Each section's place in `bytes`.
    let table: [UInt32: Range<Int>]
    /// What keeps `bytes` alive: a mapped file, or memory this object frees.
    private let mapping: MappedFile?
    private nonisolated(unsafe) let allocation: UnsafeMutableRawBufferPointer?
    /// A mapped file's checksum for each section, and the sections found to match.
    private let checksums: [UInt32: UInt64]
    private let checked = Mutex<Set<UInt32>>([])

    /// Sections over a mapped file's bytes, each checked against its checksum when first used.
    init(mapping: MappedFile, table: [UInt32: Range<Int>], checksums: [UInt32: UInt64]) {
        self.mapping = mapping
        allocation = nil
        bytes = mapping.bytes
        self.table = table
        self.checksums = checksums
    }

    /// Sections in memory of their own, laid out one after another from `layout`.
    init(_ layout: Layout) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(layout.size, 8), alignment: 8)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        layout.write(into: buffer)
        allocation = buffer
        mapping = nil
        bytes = UnsafeRawBufferPointer(buffer)
        table = layout.table
        checksums = [:]
    }

    deinit {
        allocation?.deallocate()
    }

    /// The section's bytes as `T`s, checked first; empty when there is no such section.
    func buffer<T>(_ id: ID, as type: T.Type) throws(IndexFileError) -> UnsafeBufferPointer<T> {
        try buffer(id.rawValue, as: type)
    }

    func buffer<T>(_ id: UInt32, as type: T.Type) throws(IndexFileError) -> UnsafeBufferPointer<T> {
        guard let range = table[id], !range.isEmpty, let base = bytes.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
        if let mapping, let expected = checksums[id], !checked.withLock({ $0.contains(id) }) {
            guard Self.checksum(mapping, range) == expected else { throw IndexFileError("section \(id) does not match its checksum") }
            checked.withLock { _ = $0.insert(id) }
        }
        return UnsafeBufferPointer(start: (base + range.lowerBound).assumingMemoryBound(to: T.self), count: range.count / MemoryLayout<T>.stride)
    }

    /// The checksum of `range` of the file, its pages let go as they are read, so that checking
    /// a large file does not keep it in memory.
    static func checksum(_ file: MappedFile, _ range: Range<Int>) -> UInt64 {
        var hash = ContentHash()
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + (1 << 20), range.upperBound)
            hash.add(UnsafeRawBufferPointer(rebasing: file.bytes[start..<end]))
            file.release(start..<end)
            start = end
        }
        return hash.value
    }

    func has(_ id: UInt32) -> Bool { table[id] != nil }

    func strings(ends: ID, bytes: ID) throws(IndexFileError) -> Strings {
        Strings(ends: try buffer(ends, as: UInt32.self), bytes: try buffer(bytes, as: UInt8.self))
    }

    /// A list of strings laid out as a section of their UTF-8 bytes and one of where each ends.
    struct Strings {
        let ends: UnsafeBufferPointer<UInt32>
        let bytes: UnsafeBufferPointer<UInt8>

        var count: Int { ends.count }

        subscript(index: Int) -> String {
            let start = index == 0 ? 0 : Int(ends[index - 1]), end = Int(ends[index])
            guard start <= end, end <= bytes.count else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// Sections being put together: each column's bytes, in the order added.
    struct Layout {
        private(set) var table: [UInt32: Range<Int>] = [:]
        private var writers: [(offset: Int, write: (UnsafeMutableRawBufferPointer) -> Void)] = []
        private(set) var size = 0

        mutating func add<T: BitwiseCopyable>(_ id: ID, _ values: [T]) {
            add(id.rawValue, values)
        }

        mutating func add<T: BitwiseCopyable>(_ id: UInt32, _ values: [T]) {
            let length = values.count * MemoryLayout<T>.stride
            let offset = size
            table[id] = offset..<offset + length
            writers.append((offset, { buffer in
                values.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + length]).copyMemory(from: $0) }
            }))
            size = (offset + length + 7) / 8 * 8
        }

        /// Strings as two sections: `ends` (UInt32, where each string's bytes end) and `bytes`.
        mutating func add(strings: [String], ends: ID, bytes: ID) {
            var utf8: [UInt8] = []
            var offsets: [UInt32] = []
            offsets.reserveCapacity(strings.count)
            for string in strings {
                utf8 += string.utf8
                offsets.append(UInt32(utf8.count))
            }
            add(ends, offsets)
            add(bytes, utf8)
        }

        func write(into buffer: UnsafeMutableRawBufferPointer) {
            for writer in writers { writer.write(buffer) }
        }
    }
}
