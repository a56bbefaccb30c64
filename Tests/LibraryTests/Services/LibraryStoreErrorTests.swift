import Foundation
import Library
import LibraryPostgres
import ListorSQL
import LibrarySQLite
import ListorTestSupport
import Testing

/// The stores translate their drivers' failures into `LibraryStoreError`, naming the database
/// and the reason, and never repeating a password.
@Suite struct LibraryStoreErrorTests {
    @Test func aSQLiteFileThatCannotBeOpenedNamesThePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect {
            try SQLiteLibraryStore(path: path)
        } throws: { error in
            guard let error = error as? LibraryStoreError else { return false }
            return error.code == .cannotOpen && error.message.hasPrefix("cannot open the library at \(path): ") && error.underlying != nil
        }
    }

    @Test func aPostgreSQLServerThatCannotBeReachedSaysWhy() async throws {
        let url = try PostgresURL("postgres://listor:s3cret@127.0.0.1:1/listor")
        await #expect {
            try await PostgresLibraryStore.withStore(at: url) { _ in }
        } throws: { error in
            guard let error = error as? LibraryStoreError else { return false }
            return error.code == .unreachable
                && error.message == "cannot use the library database at postgres://listor:…@127.0.0.1:1/listor: cannot connect to 127.0.0.1:1: Connection refused"
        }
    }

    @Test func aDatabaseThatDoesNotExistGivesTheServersReason() async throws {
        guard let server = PostgresTestServer.url(), var url = URLComponents(string: server) else { return }
        url.path = "/listor_no_such_database"
        await #expect {
            try await PostgresLibraryStore.withStore(at: try PostgresURL(url.string ?? "")) { _ in }
        } throws: { error in
            (error as? LibraryStoreError)?.message.hasSuffix("database \"listor_no_such_database\" does not exist") == true
        }
    }
}
