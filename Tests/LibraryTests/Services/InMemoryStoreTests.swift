import Foundation
import GRDB
import Library
import LibrarySQL
import ListorSQL
import ListorKit
import Testing

/// The SQLite store takes the database it is given, as GRDB's `AppDatabase` does: a test may
/// give it an in-memory queue, migrated and seeded as a file would be.
@Suite struct InMemoryStoreTests {
    @Test func anInMemoryQueueIsALibrary() async throws {
        let store = SQLLibraryStore(database: SQLiteDatabase(writer: try DatabaseQueue()))
        try await store.migrate(seeded: true)
        let library = LocalLibrary(store: store)
        #expect(try await library.books(BookQuery()).items.count == SampleLibrary.books.count)
        let added = try await library.add(BookForm(title: "Emma", author: "Jane Austen"))
        let out = try await library.checkOut(id: added.id, borrower: "Ann", ifVersion: nil)
        #expect(out.loan?.borrower == "Ann")
        #expect(try await library.books(BookQuery(search: "austen")).items.map(\.title).contains("Emma"))
    }
}
