import Foundation
import Library
import LibrarySQL
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Tagged
import Testing

/// `RemoteLibrary` against Listor's own server over loopback: every call and every refusal.
@Suite struct RemoteLibraryTests {
    func withRemote(adminToken: String? = "s3cret", clientToken: String? = "s3cret", _ body: @escaping @Sendable (RemoteLibrary) async throws -> Void) async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert")])
        try await withLoopbackServer(try await site.router(adminToken: adminToken)) { base in
            try await withLiveHTTPTransport { transport in
                try await body(RemoteLibrary(baseURL: base.appendingPathComponent("library/api"), transport: transport, adminToken: clientToken))
            }
        }
        withExtendedLifetime(site) {}
    }

    @Test func booksAndLoansMakeTheRoundTrip() async throws {
        try await withRemote { library async throws in
            let added = try await library.add(BookForm(title: "Emma", author: "Jane Austen", categories: "novel", isbn: "0141439513"))
            #expect(added.title == "Emma" && added.isbn == "0141439513" && added.version == 1)
            #expect(try await library.books(BookQuery()).items.map(\.title) == ["Dune", "Emma"])
            #expect(try await library.books(BookQuery(search: "austen")).items.map(\.id) == [added.id])

            let out = try await library.checkOut(id: added.id, borrower: "Ann Lee/2", ifVersion: nil)
            #expect(out.loan?.borrower == "Ann Lee/2")
            #expect(out.lastCheckedOutBy == "Ann Lee/2")
            await #expect(throws: LibraryError.onLoan(id: added.id, borrower: "Ann Lee/2", since: LibraryDate.date(LibraryDate.text(out.loan?.checkedOut ?? Date()))!)) {
                try await library.checkOut(id: added.id, borrower: "Bob", ifVersion: nil)
            }
            #expect(try await library.books(BookQuery(status: .onLoan)).items.map(\.id) == [added.id])
            #expect(try await library.loans(.borrower("Ann Lee/2")).items.map(\.bookID) == [added.id])

            let back = try await library.checkIn(id: added.id)
            #expect(back.loan == nil)
            await #expect(throws: LibraryError.notOnLoan(id: added.id)) { try await library.checkIn(id: added.id) }
            #expect(try await library.loans(.book(added.id)).items.count == 1)
            #expect(try await library.loans(.all).items.count == 1)
            #expect(try await library.overdue().items.isEmpty)
        }
    }

    /// Covers through the API: added with a book, replaced with an edit, read back, removed; a
    /// picture that will not do is refused before anything is sent.
    @Test func coversMakeTheRoundTrip() async throws {
        try await withRemote { library async throws in
            let jpeg = try TestImages.jpeg(TestImages.cover(background: RGBColor(red: 24, green: 40, blue: 112), band: .white))
            let added = try await library.add(BookForm(title: "Emma", author: "Jane Austen"), checkedOutBy: nil, cover: jpeg)
            #expect(try await library.cover(of: added.id)?.bytes == jpeg)
            let png = try TestImages.png(TestImages.cover(background: .white, band: .black))
            let edited = try await library.edit(id: added.id, BookChanges(title: "Emma (annotated)"), checkedOutBy: nil, cover: .upload(png), ifVersion: nil)
            #expect(edited.title == "Emma (annotated)")
            #expect(try await library.cover(of: added.id)?.mediaType == "image/png")
            await #expect(throws: FieldErrors.self) {
                try await library.add(BookForm(title: "Persuasion", author: "Jane Austen"), checkedOutBy: nil, cover: Array("not a picture".utf8))
            }
            #expect(try await library.books(BookQuery()).items.count == 2, "nothing was added")
            _ = try await library.edit(id: added.id, BookChanges(), checkedOutBy: nil, cover: .remove, ifVersion: nil)
            #expect(try await library.cover(of: added.id) == nil)
            await #expect(throws: LibraryError.notFound(id: 99)) { try await library.cover(of: 99) }
        }
    }

    @Test func refusalsComeBackAsTheLibrarysErrors() async throws {
        try await withRemote { library async throws in
            await #expect(throws: LibraryError.notFound(id: 99)) { try await library.book(id: 99) }
            let edited = try await library.edit(id: 1, BookChanges(publisher: "Ace"), ifVersion: 1)
            #expect(edited.publisher == "Ace" && edited.version == 2)
            await #expect(throws: LibraryError.versionMismatch(id: 1, current: 2)) {
                try await library.edit(id: 1, BookChanges(publisher: "Chilton"), ifVersion: 1)
            }
            // The server's validator, reached with a change the client does not check.
            await #expect(throws: FieldErrors([FieldError(field: "isbn", message: "\"12\" has 2 digits; an ISBN has 10 or 13")])) {
                try await library.edit(id: 1, BookChanges(isbn: "12"), ifVersion: nil)
            }
            try await library.delete(id: 1, ifVersion: nil)
            #expect(try await library.books(BookQuery()).items.isEmpty)
        }
    }

    @Test func deletingWithoutTheTokenIsRefused() async throws {
        try await withRemote(clientToken: nil) { library async throws in
            await #expect { try await library.deleteAll() } throws: { error in
                (error as? RemoteLibraryError)?.status == 401
            }
            #expect(try await library.books(BookQuery()).items.count == 1)
        }
    }

    @Test func csvGoesBothWaysThroughTheAPI() async throws {
        try await withRemote { library async throws in
            let report = try await library.importBooks("title,author\nEmma,Jane Austen\n,Nobody\n")
            #expect(report == ImportReport(table: .books, imported: 1, problems: [Problem(line: 3, reason: "title: is required")]))
            let loans = try await library.importLoans("bookId,borrower,checkedOut,due\n1,Ann,2026-11-01 10:00:00,2026-11-15 10:00:00\n")
            #expect(loans.imported == 1)
            let books = try await library.exportBooks()
            #expect(books.hasPrefix("id,title,author,publisher,categories,isbn,lastCheckedOut,lastCheckedOutBy\r\n1,Dune,Frank Herbert,,,,2026-11-01 10:00:00,Ann\r\n"))
            #expect(try await library.exportLoans().contains("\r\n1,1,Ann,2026-11-01 10:00:00,2026-11-15 10:00:00,\r\n"))
            await #expect(throws: CSVImportError(message: "line 1: the header has no borrower, checkedOut, due column; it names bookId")) {
                try await library.importLoans("bookId\n1\n")
            }
        }
    }
}
