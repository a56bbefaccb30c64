import ListorKit
import Synchronization

/// An index's columns as sections: runs of bytes, each 8-byte aligned, either in memory of
/// their own (an index built in this process) or in an index file. Columns are used in place as
/// typed buffers, so an index file is used without being decoded.
///
/// An index file's section is read when it is first used, into memory of its own, and checked
/// against its checksum as it is read; a query then holds only the columns it reads, and a file
/// changed since it was written throws before any of it is used. The file is read, not mapped:
/// Linux maps a touched page's whole folio of the page cache, as much as 2 MB, so a mapped
/// column of a few pages held megabytes of its neighbours. A column read by runs (one
/// package's rows) has a checksum for each block of `blockSize` bytes beside it, so that a run
/// is read and checked with only the blocks it lies in.
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
        /// The checksums of a section's blocks are in section `blockHashes + its ID`.
        case blockHashes = 1000
    }

    /// The bytes each checksum of a section read by runs covers.
    static let blockSize = 1 << 16

    static func parameterID(_ parameter: TransistorParameter, high: Bool) -> UInt32 {
        let place = UInt32(TransistorParameter.allCases.firstIndex(of: parameter) ?? 0)
        return ID.parameterLow.rawValue + 2 * place + (high ? 1 : 0)
    }

    /// Each section's place: in `memory`, or in the file.
    let table: [UInt32: Range<Int>]
    /// The sections of an index built here, one after another.
    private nonisolated(unsafe) let memory: UnsafeMutableRawBufferPointer?
    /// An index file, its checksum for each section, the sections read from it and those
    /// checked without being read whole.
    private let file: MappedFile?
    private let checksums: [UInt32: UInt64]
    private let read = Mutex<[UInt32: ReadSection]>([:])

    /// A section read from the file, freed with the index.
    private final class ReadSection: Sendable {
        nonisolated(unsafe) let bytes: UnsafeMutableRawBufferPointer

        init(count: Int) {
            bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 8), alignment: 8)
        }

        deinit { bytes.deallocate() }
    }

    /// Sections of an index file, each read and checked against its checksum when first used.
    init(file: MappedFile, table: [UInt32: Range<Int>], checksums: [UInt32: UInt64]) {
        self.file = file
        memory = nil
        self.table = table
        self.checksums = checksums
    }

    /// Sections in memory of their own, laid out one after another from `layout`.
    init(_ layout: Layout) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(layout.size, 8), alignment: 8)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        layout.write(into: buffer)
        memory = buffer
        file = nil
        table = layout.table
        checksums = [:]
    }

    deinit {
        memory?.deallocate()
    }

    /// The sections one after another, as an index file holds them after its header.
    var bytes: UnsafeRawBufferPointer { memory.map(UnsafeRawBufferPointer.init) ?? UnsafeRawBufferPointer(start: nil, count: 0) }

    /// The section's bytes as `T`s, checked first; empty when there is no such section.
    func buffer<T>(_ id: ID, as type: T.Type) throws(IndexFileError) -> UnsafeBufferPointer<T> {
        try buffer(id.rawValue, as: type)
    }

    func buffer<T>(_ id: UInt32, as type: T.Type) throws(IndexFileError) -> UnsafeBufferPointer<T> {
        guard let range = table[id], !range.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        let base: UnsafeRawPointer
        if let memory {
            base = UnsafeRawPointer(memory.baseAddress!) + range.lowerBound
        } else {
            base = UnsafeRawPointer(try readWhole(id, range).baseAddress!)
        }
        return UnsafeBufferPointer(start: base.assumingMemoryBound(to: T.self), count: range.count / MemoryLayout<T>.stride)
    }

    /// The `T`s at `elements` of the section, checked: from a file, only the blocks they lie in
    /// are read, each checked against its checksum.
    func run<T: BitwiseCopyable>(_ id: ID, as type: T.Type, _ elements: Range<Int>) throws(IndexFileError) -> [T] {
        guard let range = table[id.rawValue], !elements.isEmpty else { return [] }
        let stride = MemoryLayout<T>.stride
        guard elements.lowerBound >= 0, elements.upperBound <= range.count / stride else { throw IndexFileError("section \(id.rawValue) has no elements \(elements)") }
        let hashes = try buffer(ID.blockHashes.rawValue + id.rawValue, as: UInt64.self)
        guard let file, read.withLock({ $0[id.rawValue] == nil }), !hashes.isEmpty else {
            return Array(try buffer(id, as: type)[elements])
        }
        let wanted = elements.lowerBound * stride..<elements.upperBound * stride
        let blocks = wanted.lowerBound / Self.blockSize..<(wanted.upperBound + Self.blockSize - 1) / Self.blockSize
        let covered = blocks.lowerBound * Self.blockSize..<min(blocks.upperBound * Self.blockSize, range.count)
        guard blocks.upperBound <= hashes.count else { throw IndexFileError("section \(id.rawValue) has fewer block checksums than blocks") }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: covered.count, alignment: 8)
        defer { bytes.deallocate() }
        guard file.read(range.lowerBound + covered.lowerBound..<range.lowerBound + covered.upperBound, into: bytes) else {
            throw IndexFileError("section \(id.rawValue) cannot be read")
        }
        for block in blocks {
            let start = (block - blocks.lowerBound) * Self.blockSize
            let part = UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + Self.blockSize, bytes.count)])
            guard ContentHash.of(part) == hashes[block] else { throw IndexFileError("block \(block) of section \(id.rawValue) does not match its checksum") }
        }
        let offset = wanted.lowerBound - covered.lowerBound
        return [T](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + wanted.count]))
            initialized = elements.count
        }
    }

    /// Section `id` of the file, read and checked once.
    private func readWhole(_ id: UInt32, _ range: Range<Int>) throws(IndexFileError) -> UnsafeMutableRawBufferPointer {
        if let section = read.withLock({ $0[id] }) { return section.bytes }
        guard let file else { preconditionFailure("a section read from no file") }
        let section = ReadSection(count: range.count)
        guard file.read(range, into: UnsafeMutableRawBufferPointer(rebasing: section.bytes[0..<range.count])) else { throw IndexFileError("section \(id) cannot be read") }
        guard ContentHash.of(UnsafeRawBufferPointer(rebasing: section.bytes[0..<range.count])) == checksums[id] else {
            throw IndexFileError("section \(id) does not match its checksum")
        }
        return read.withLock { sections in
            if let other = sections[id] { return other.bytes }
            sections[id] = section
            return section.bytes
        }
    }

    /// The checksum of `range` of the file, read a megabyte at a time into one buffer, so that
    /// checking a large file does not keep it in memory.
    static func checksum(_ file: MappedFile, _ range: Range<Int>) -> UInt64 {
        var hash = ContentHash()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { chunk.deallocate() }
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + chunk.count, range.upperBound)
            let part = UnsafeMutableRawBufferPointer(rebasing: chunk[0..<end - start])
            // A file that cannot be read whole hashes differently from the one written.
            guard file.read(start..<end, into: part) else { return ~hash.value }
            hash.add(UnsafeRawBufferPointer(part))
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

        /// The checksums of section `id`'s blocks, as section `blockHashes + id`, taken from its
        /// bytes as they are written (it must have been added before).
        mutating func addBlockHashes(of id: ID) {
            guard let source = table[id.rawValue] else { return }
            let count = (source.count + blockSize - 1) / blockSize
            let offset = size
            table[ID.blockHashes.rawValue + id.rawValue] = offset..<offset + count * 8
            writers.append((offset, { buffer in
                for block in 0..<count {
                    let start = source.lowerBound + block * blockSize
                    let hash = ContentHash.of(UnsafeRawBufferPointer(rebasing: buffer[start..<min(start + blockSize, source.upperBound)]))
                    buffer.storeBytes(of: hash, toByteOffset: offset + block * 8, as: UInt64.self)
                }
            }))
            size = offset + count * 8
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
