import Foundation
import Library
import LibrarySQL
import ListorSQL
import ListorTestSupport
import Testing

/// The store translates its database's failures into `LibraryStoreError`, naming the database
/// and the reason (`listor library` on PostgreSQL: `LibraryCommandTests`).
@Suite struct LibraryStoreErrorTests {
    @Test func aSQLiteFileThatCannotBeOpenedNamesThePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect {
            try SQLLibraryStore(path: path)
        } throws: { error in
            guard let error = error as? LibraryStoreError else { return false }
            return error.code == .cannotOpen && error.message.hasPrefix("cannot open the library at \(path): ") && error.underlying != nil
        }
    }
}
