import Foundation
import Library
import ListorKit
import Tagged
import Testing

/// Pages deep in a list without search start at their stretch of a thousand books: they must be
/// the pages an offset from the first book gives, before and after the library changes.
@Suite struct DeepPageTests {
    /// Page ids counted from the first book of `all` (in id order), as an offset would.
    static func expected(_ all: [Book.ID], offset: Int, limit: Int) -> [Book.ID] {
        Array(all.dropFirst(offset).prefix(limit))
    }

    @Test(arguments: StoreKind.allCases)
    func deepPagesAreThePagesOfTheWholeListAndOfTheShelf(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let count = StretchStarts.length * 2 + 345
            for number in 1...count { _ = try await store.insert(BookFields(title: "Volume \(number)", author: "Ann Author")) }
            let now = Date()
            func page(_ status: BookQuery.Status, offset: Int, limit: Int = 50) async throws -> [Book.ID] {
                try await store.books(BookQuery(status: status), at: now, range: BookRange(offset: offset, limit: limit)).map(\.id)
            }
            var all = try await store.books().map(\.id)
            #expect(all.count == count)
            for offset in [999, 1_000, 1_001, 1_990, 2_000, 2_300, count - 1, count] {
                #expect(try await page(.all, offset: offset) == Self.expected(all, offset: offset, limit: 50), "offset \(offset)")
            }
            #expect(try await page(.all, offset: count + 5_000).isEmpty, "past the end")

            // Books gone from the first stretch and some taken out: the later pages move up.
            for id in all.prefix(30) { try await store.delete(id: id, expectedVersion: nil) }
            all.removeFirst(30)
            let out = Set(all.filter { $0.rawValue.isMultiple(of: 7) })
            for id in out { _ = try await store.checkOut(id: id, Checkout(borrower: "Ann", date: now, due: now.addingTimeInterval(86400)), expectedVersion: nil) }
            let shelf = all.filter { !out.contains($0) }
            for offset in [1_000, 1_500, 2_000, shelf.count - 10] {
                #expect(try await page(.all, offset: offset) == Self.expected(all, offset: offset, limit: 50), "offset \(offset) of all")
                #expect(try await page(.available, offset: offset) == Self.expected(shelf, offset: offset, limit: 50), "offset \(offset) of the shelf")
            }
        }
    }
}
