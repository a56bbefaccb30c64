import Foundation
import Library
import LibrarySQL
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Testing

/// A thousand checkouts and holds at once, through two nodes on one database (PostgreSQL, or
/// one SQLite file opened twice, as two processes would), on five books in short supply: no
/// book is lent twice, and each queue is in the order its holds were placed.
@Suite struct CirculationTwoNodeTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// Two nodes, each with its own connections to one library.
    func withTwoNodes(_ kind: Kind, _ body: @escaping @Sendable (TwoNodeTests.Node, TwoNodeTests.Node) async throws -> Void) async throws {
        try await withLiveHTTPTransport { transport in
            switch kind {
            case .sqlite:
                let directory = try TemporaryDirectory()
                let path = directory.path("library.sqlite")
                @Sendable func node(_ body: @escaping @Sendable (TwoNodeTests.Node) async throws -> Void) async throws {
                    let library = LocalLibrary(store: try SQLLibraryStore(path: path, seeded: false))
                    let router = try await buildRouter(configuration: WebConfiguration(), modules: [LibraryWebModule(library: library, covers: BookCovers(library: library))])
                    try await withLoopbackServer(router) { base in try await body(TwoNodeTests.Node(base: base, transport: transport)) }
                }
                try await node { a in try await node { b in try await body(a, b) } }
                withExtendedLifetime(directory) {}
            case .postgres:
                guard let url = PostgresTestServer.url() else { return }
                try await PostgresTestServer.withEmptyDatabase(url) { configuration in
                    try await TwoNodeTests.withNode(configuration, formKey: .random(), transport: transport) { a in
                        try await TwoNodeTests.withNode(configuration, formKey: .random(), transport: transport) { b in try await body(a, b) }
                    }
                }
            }
        }
    }

    struct Attempt: Sendable {
        let book: Int64, patron: Int64, hold: Bool, status: Int, place: Int?
    }

    static func id(_ response: HTTPTransport.Response) throws -> Int64 {
        guard case .number(let id)? = try JSONParser.parse(response.body)["id"] else { throw ChildProcess.Failure(description: "no id in \(response.status)") }
        return Int64(id)
    }

    @Test(arguments: Kind.allCases)
    func aThousandCheckoutsAndHoldsAtOnceLendEachBookOnceAndQueueInOrder(_ kind: Kind) async throws {
        try await withTwoNodes(kind) { a, b in
            var books: [Int64] = [], patrons: [Int64] = []
            for index in 0..<5 { books.append(try Self.id(try await a.json("POST", "/library/api/books", #"{"title": "Book \#(index)", "author": "A"}"#))) }
            for index in 0..<60 { patrons.append(try Self.id(try await b.json("POST", "/library/api/patrons", #"{"name": "Reader \#(index)", "card": "R-\#(index)"}"#))) }
            // Three books out, two on the shelf.
            for (book, patron) in zip(books.prefix(3), patrons.suffix(3)) {
                #expect(try await a.json("PUT", "/library/api/books/\(book)", #"{"patron": \#(patron)}"#).status == 200)
            }
            var generator = SeededRandom(seed: 41)
            let plan = (0..<1000).map { _ in (books[Int.random(in: 0..<5, using: &generator)], patrons[Int.random(in: 0..<57, using: &generator)], Bool.random(using: &generator)) }
            let all = try await withThrowingTaskGroup(of: Attempt.self) { group in
                var all: [Attempt] = []
                for (index, (book, patron, hold)) in plan.enumerated() {
                    // At most 48 at once: the rest wait for a slot, as clients would for a connection.
                    if index >= 48, let done = try await group.next() { all.append(done) }
                    let node = index % 2 == 0 ? a : b
                    group.addTask {
                        let response = hold ? try await node.json("POST", "/library/api/books/\(book)/holds", #"{"patron": \#(patron)}"#)
                            : try await node.json("PUT", "/library/api/books/\(book)", #"{"patron": \#(patron)}"#)
                        var place: Int?
                        if hold, response.status == 201, case .number(let number)? = try JSONParser.parse(response.body)["place"] { place = Int(number) }
                        return Attempt(book: book, patron: patron, hold: hold, status: response.status, place: place)
                    }
                }
                for try await done in group { all.append(done) }
                return all
            }
            #expect(all.count == 1000)
            #expect(all.allSatisfy { [200, 201, 409].contains($0.status) }, "\(Set(all.map(\.status)))")
            for book in books {
                let loans = try JSONParser.parse(try await a.send("GET", "/library/api/books/\(book)/loans").body)
                guard case .array(let items) = loans else { Issue.record("no loans of book \(book)"); continue }
                #expect(items.filter { $0["returned"] == .null }.count <= 1, "book \(book) lent once at most")
                let queue = try JSONParser.parse(try await b.send("GET", "/library/api/books/\(book)/holds").body)
                guard case .array(let holds) = queue else { Issue.record("no queue of book \(book)"); continue }
                let queuedIDs: [Double] = holds.compactMap { if case .number(let id)? = $0["id"] { id } else { nil } }
                #expect(queuedIDs == queuedIDs.sorted(), "book \(book)'s queue first come first")
                let queued: [Double] = holds.compactMap { if case .number(let patron)? = $0["patronId"] { patron } else { nil } }
                #expect(Set(queued).count == queued.count, "a patron once in a queue")
                guard books.prefix(3).contains(book) else { continue }
                // Nobody returns the books out, so no hold leaves their queues: each hold got its
                // own place, 1, 2, 3…, and the queue is in that order.
                let placed = all.filter { $0.book == book && $0.hold && $0.status == 201 }.sorted { ($0.place ?? 0) < ($1.place ?? 0) }
                #expect(placed.compactMap(\.place) == Array(1..<(placed.count + 1)), "book \(book)'s places")
                #expect(queued == placed.map { Double($0.patron) }, "book \(book)'s queue in the order of its places")
            }
            let lent = all.filter { !$0.hold && $0.status == 200 }
            #expect(Set(lent.map(\.book)).count == lent.count, "each book lent once: \(lent.map(\.book))")
            #expect(lent.allSatisfy { books.suffix(2).contains($0.book) }, "only the books on the shelf")
        }
    }
}
