import Foundation
import Library
import ListorKit
import Tagged
import Testing

/// Edits that meet: with a version asked for, the stale one is refused; without, each is
/// applied to the book as it then is, and none is lost or refused.
@Suite struct ConcurrentEditTests {
    @Test(arguments: StoreKind.allCases)
    func editsWithoutAVersionAreAllApplied(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let library = LocalLibrary(store: store)
            let book = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 1...12 {
                    group.addTask {
                        // Half change the publisher, half the categories: each keeps the other's.
                        let changes = number.isMultiple(of: 2) ? BookChanges(publisher: "Press \(number)") : BookChanges(categories: "shelf \(number)")
                        _ = try await library.edit(id: book.id, changes, ifVersion: nil)
                    }
                }
                try await group.waitForAll()
            }
            let edited = try await library.book(id: book.id)
            #expect(edited.version == book.version + 12, "every edit was applied once")
            #expect(edited.publisher?.hasPrefix("Press ") == true)
            #expect(edited.categories?.hasPrefix("shelf ") == true)
            await #expect(throws: LibraryError.versionMismatch(id: book.id, current: edited.version)) {
                try await library.edit(id: book.id, BookChanges(title: "Dune Messiah"), ifVersion: book.version)
            }
        }
    }
}
