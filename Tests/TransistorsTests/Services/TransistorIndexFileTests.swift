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

    @Test("a part, the closest part numbers to an unknown one, substitutes and comparisons come from the file's records as from the catalog in memory")
    func findsPartsAsTheCatalogDoes() throws {
        let written = try Written(count: 20_000, seed: 23)
        let (index, problems) = try written.open()
        let fromFile = TransistorListViewModel(index: index, problems: problems)
        let inMemory = TransistorListViewModel(catalog: TransistorCatalog(transistors: written.parts))
        var random = TransistorIndexTests.Generator(state: 99)
        for _ in 0..<40 {
            let part = random.pick(written.parts)
            let typed = random.next(2) == 0 ? part.partNumber.lowercased() : " \(part.partNumber) "
            #expect(TransistorJSON.value(try fromFile.transistor(partNumber: typed)) == TransistorJSON.value(part))
            let substitutes = try fromFile.substitutes(for: part, limit: 30), expected = try inMemory.substitutes(for: part, limit: 30)
            #expect(substitutes.rows == expected.rows && substitutes.totalCount == expected.totalCount, "\(part.partNumber)")
            // The finder over every part of the catalog, not narrowed by the index, finds the same.
            let unnarrowed = SubstitutesViewModel(original: part, candidates: written.parts, limit: 30)
            #expect(substitutes.rows == unnarrowed.rows && substitutes.totalCount == unnarrowed.totalCount, "\(part.partNumber)")
            // A mistyped part number: one character dropped.
            var mistyped = part.partNumber
            mistyped.remove(at: mistyped.index(mistyped.startIndex, offsetBy: random.next(mistyped.count)))
            let unknown = { (list: TransistorListViewModel) -> UnknownPartError? in
                do { _ = try list.transistor(partNumber: mistyped + "#") } catch let error as UnknownPartError { return error } catch { return nil }
                return nil
            }
            let suggested = try #require(unknown(fromFile))
            #expect(suggested == unknown(inMemory))
            #expect(suggested.suggestions == ClosestMatches.to(mistyped + "#", in: written.parts.map(\.partNumber)))
        }
        let comparison = try fromFile.comparison(of: [written.parts[5].partNumber.lowercased(), "\(written.parts[9].partNumber),NOSUCHPART"])
        #expect(comparison.partNumbers == [written.parts[5].partNumber, written.parts[9].partNumber])
        #expect(comparison.unknown.map(\.partNumber) == ["NOSUCHPART"])
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
