import Foundation
import ListorKit
import ListorTestSupport
import Testing
@testable import Transistors

/// The index file: written from a catalog file, mapped and queried as the index in memory is;
/// refused with the reason when damaged, cut short, of another version or of a changed catalog.
@Suite struct TransistorIndexFileTests {
    /// A catalog file of generated parts, its index written beside it; `parts` are the ones the
    /// catalog's decoder keeps (the generator makes some it refuses, such as an hFE minimum above
    /// the maximum).
    struct Written {
        let directory: TemporaryDirectory
        let catalogPath: String
        let indexPath: String
        let parts: [any Transistor]

        init(count: Int = 3000, seed: UInt64 = 7) throws {
            directory = try TemporaryDirectory()
            let generated = TransistorIndexTests.catalog(count: count, seed: seed)
            catalogPath = try directory.write("catalog.json", Array(TransistorJSON.value(generated).serialized(pretty: false).utf8))
            indexPath = directory.path("catalog.index")
            let catalog = try TransistorCatalogDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: catalogPath)))
            parts = catalog.transistors
            try TransistorIndexFile.write(TransistorCatalog(transistors: catalog.transistors, problems: [Problem(line: 3, reason: "kept")]),
                                          sources: [try TransistorIndexFile.Source.current(catalogPath, hashing: true)], to: indexPath)
        }

        func open() throws(IndexFileError) -> (TransistorIndex, [Problem]) {
            try TransistorIndexFile.open(indexPath, catalogPaths: [catalogPath])
        }

        /// The index file with `change` made to its bytes.
        func change(_ change: (inout [UInt8]) -> Void) throws {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: indexPath)))
            change(&bytes)
            try Data(bytes).write(to: URL(fileURLWithPath: indexPath))
        }
    }

    @Test("a mapped index file answers every query as a plain scan of its catalog does, its parts read from their records")
    func answersAsTheScanDoes() throws {
        let written = try Written(count: 20_000, seed: 16)
        let (index, problems) = try written.open()
        #expect(problems.map(\.description) == ["line 3: kept"])
        #expect(index.count == written.parts.count)
        let (mismatches, nonEmpty) = TransistorIndexTests.rounds(120, index, TransistorIndexTests.Scan(written.parts), seed: 2027)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).joined(separator: "\n"))")
        #expect(nonEmpty > 40)
        // Each part read back is the part written, every field.
        let all = try index.transistors(try index.select(TransistorQuery()), sort: TransistorSort.partNumber)
        let byNumber = Dictionary(uniqueKeysWithValues: written.parts.map { ($0.partNumber, TransistorJSON.value($0)) })
        #expect(all.count == written.parts.count && all.allSatisfy { byNumber[$0.partNumber] == TransistorJSON.value($0) })
    }

    @Test("a byte changed anywhere is found before anything of the file is used: the header on opening, a column or a part when first used", arguments: [0, 13, 20, 60, 200, 1000, 5000, 20_000, 40_000, 100_000, 300_000])
    func aChangedByteIsFound(offset: Int) throws {
        let written = try Written()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: written.indexPath)[.size] as? Int)
        let place = offset % size
        try written.change { $0[place] ^= 0x40 }
        let outcome: Result<Int, IndexFileError> = Result { () throws(IndexFileError) in
            let (index, _) = try written.open()
            // A byte in the records is found when its part is read.
            // A byte anywhere is found when its section or its part is used: every query's columns, every part.
            for search in ["v>=1", "i>=1 p>=1 hfe>=1 ft>=1 rds>=0 vgsth>=0 idss>=0 vgsoff>=0", "7", "audio", "123"] {
                for sort in TransistorSort.allCases {
                    var query = TransistorQuery()
                    query.search = search
                    query.sort = TransistorQuery.parse(.init(sort: sort.rawValue)).query.sort
                    query.package = Package("TO-92")
                    let selection = try index.select(query)
                    _ = try index.facetCounts(selection)
                    _ = try index.transistors(selection, sort: query.sort)
                }
            }
            return try index.transistors(try index.select(TransistorQuery()), sort: TransistorSort.partNumber).count
        }
        guard case .failure(let error) = outcome else {
            Issue.record("a changed byte at \(place) of \(size) was not found")
            return
        }
        #expect(error.kind == .damaged, "\(error)")
    }

    @Test("a file cut short anywhere is refused, never read", arguments: [0, 7, 47, 48, 300, 4096, 30_000])
    func aShortFileIsRefused(length: Int) throws {
        let written = try Written()
        try written.change { $0 = Array($0.prefix(length)) }
        #expect(throws: IndexFileError.self) { try written.open() }
        #expect((try? written.open()) == nil)
        do { _ = try written.open() } catch { #expect(error.kind == .damaged, "\(error)") }
    }

    @Test("an index of another format version is refused as such")
    func anotherVersionIsRefused() throws {
        let written = try Written()
        try written.change { $0[8] = UInt8(TransistorIndexFile.version + 1) }
        do {
            _ = try written.open()
            Issue.record("an index of another version was opened")
        } catch {
            #expect(error.kind == .otherVersion && error.reason == "an index of format \(TransistorIndexFile.version + 1), not \(TransistorIndexFile.version)")
        }
    }

    @Test("a catalog changed since is stale; the same contents touched, or another catalog's paths, are told apart")
    func staleness() throws {
        let written = try Written()
        let catalog = try Data(contentsOf: URL(fileURLWithPath: written.catalogPath))
        // The same bytes written again: a new time, the same hash, so the index still serves.
        try catalog.write(to: URL(fileURLWithPath: written.catalogPath))
        #expect(try written.open().0.count == written.parts.count)
        // One byte changed in a part number, the size the same: stale.
        var changed = [UInt8](catalog)
        let at = try #require(changed.firstIndex(of: UInt8(ascii: "\"")).map { $0 + 20 })
        changed[at] = changed[at] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        try Data(changed).write(to: URL(fileURLWithPath: written.catalogPath))
        do {
            _ = try written.open()
            Issue.record("an index of a changed catalog was opened")
        } catch {
            #expect(error.kind == .stale, "\(error)")
        }
        do {
            _ = try TransistorIndexFile.open(written.indexPath, catalogPaths: [written.directory.path("other.json")])
            Issue.record("an index of another catalog was opened")
        } catch {
            #expect(error.kind == .otherCatalog, "\(error)")
        }
        do {
            _ = try TransistorIndexFile.open(written.directory.path("none.index"), catalogPaths: [written.catalogPath])
            Issue.record("a missing index was opened")
        } catch {
            #expect(error.kind == .missing, "\(error)")
        }
    }
}
