import Foundation
import Hummingbird
import ListorKit
import Synchronization
import Library
import LibrarySQL
import Tagged
import ListorTestSupport
import ListorWeb
import Testing

/// `listor library …` on a library in a temporary data directory, and on a server over loopback.
@Suite struct LibraryCommandTests {
    @Test func addCheckOutShowAndCheckIn() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        let list = await listor(["library", "list"] + data)
        #expect(list.exitCode == 0)
        #expect(list.output.hasSuffix("\n\(SampleLibrary.books.count) books\n"))

        let added = await listor(["library", "add", "--title", "Emma", "--author", "Jane Austen", "--isbn", "0-14-143951-3"] + data)
        #expect(added.output == "added book \(SampleLibrary.books.count + 1): Emma\n")
        let id = "\(SampleLibrary.books.count + 1)"

        let bad = await listor(["library", "add", "--title", " ", "--author", "A", "--isbn", "12"] + data)
        #expect(bad.exitCode == 1)
        #expect(bad.errorOutput == "error: title: is required\nerror: isbn: \"12\" has 2 digits; an ISBN has 10 or 13\n")

        // A name nobody has is refused with the closest patrons; making a patron is its own act.
        let mistyped = await listor(["library", "checkout", id, "--to", "Ann Smyth"] + data)
        #expect(mistyped.exitCode == 1 && mistyped.errorOutput.hasPrefix("error: --to: no patron has the card or the name “Ann Smyth”"), "\(mistyped.errorOutput)")
        let out = await listor(["library", "checkout", id, "--to", "Ann", "--new-patron"] + data)
        #expect(out.exitCode == 0)
        #expect(out.output.hasPrefix("checked out book \(id) (Emma) to Ann, due "))
        let near = await listor(["library", "checkout", id, "--to", "Anne"] + data)
        #expect(near.exitCode == 1 && near.errorOutput == "error: --to: no patron has the card or the name “Anne”; did you mean Ann?\n", "\(near.errorOutput)")
        let again = await listor(["library", "checkout", id, "--to", "Bob", "--new-patron"] + data)
        #expect(again.exitCode == 1)
        #expect(again.errorOutput == "error: book \(id) is already checked out by Ann\n")

        let show = await listor(["library", "show", id] + data)
        #expect(show.output.hasPrefix("Emma\nby Jane Austen\n\nChecked out by Ann on "))
        #expect(show.output.contains("ISBN: 0141439513\n"))
        let onLoan = await listor(["library", "list", "--status", "on-loan"] + data)
        #expect(onLoan.output.contains("Checked out by Ann just now"))
        #expect(onLoan.output.hasSuffix("\n1 of \(SampleLibrary.books.count + 1) books\n"))

        #expect(await listor(["library", "checkin", id] + data).output == "checked in book \(id) (Emma)\n")
        let history = await listor(["library", "history", "--borrower", "ann"] + data)
        #expect(history.output.split(separator: "\n").count == 2)

        let unconfirmed = await listor(["library", "delete", id] + data)
        #expect(unconfirmed.exitCode == 64)
        #expect(await listor(["library", "delete", id, "--yes"] + data).exitCode == 0)
        #expect(await listor(["library", "show", id] + data).errorOutput == "error: there is no book \(id)\n")
    }

    /// `checkin` that sets a book aside: `list`, `list --status`, `show` say it is on the hold
    /// shelf for whom, and a checkout to anyone else is refused with that sentence.
    @Test func aBookSetAsideIsOnTheHoldShelfInEveryCommand() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        #expect(await listor(["library", "patrons", "add", "--name", "Hana Kim", "--card", "C-7"] + data).exitCode == 0)
        #expect(await listor(["library", "checkout", "2", "--to", "Ann", "--new-patron"] + data).exitCode == 0)
        #expect(await listor(["library", "holds", "place", "2", "--card", "C-7"] + data).exitCode == 0)
        #expect(await listor(["library", "checkin", "2"] + data).exitCode == 0)
        let show = await listor(["library", "show", "2"] + data)
        #expect(show.output.contains("\nOn the hold shelf for Hana Kim until "), "\(show.output)")
        let shelf = await listor(["library", "list", "--status", "on-hold-shelf"] + data)
        #expect(shelf.output.contains("On the hold shelf for Hana Kim until ") && shelf.output.hasSuffix("\n1 of \(SampleLibrary.books.count) books\n"), "\(shelf.output)")
        let available = await listor(["library", "list", "--status", "available", "--format", "json"] + data)
        #expect(!available.output.contains("\"id\": 2,") && !available.output.contains("\"id\":2,"), "\(available.output)")
        let refused = await listor(["library", "checkout", "2", "--to", "Ann"] + data)
        #expect(refused.exitCode == 1 && refused.errorOutput.hasPrefix("error: book 2 is on the hold shelf for Hana Kim until "), "\(refused.errorOutput)")
        #expect(await listor(["library", "checkout", "2", "--to", "C-7"] + data).exitCode == 0)
    }

    @Test func overdueExitsNonZeroWhenSomethingIsLate() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        #expect(await listor(["library", "overdue"] + data).output == "nothing is overdue\n")
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"))
        let month = Date().addingTimeInterval(-30 * 86400)
        _ = try await store.checkOut(id: 3, Checkout(borrower: "Ann", date: month, due: month.addingTimeInterval(14 * 86400)), expectedVersion: nil)
        let late = await listor(["library", "overdue"] + data)
        #expect(late.exitCode == 1)
        #expect(late.output.contains("Dune  Ann"))
        #expect(late.errorOutput == "1 overdue loan\n")
    }

    @Test func theOutboxIsListedAndAnOverdueLetterPrinted() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        let empty = await listor(["library", "reminders"] + data)
        #expect(empty.exitCode == 0 && empty.output == "no reminder has been queued yet (0 queued, 0 sent, 0 failed, 0 withdrawn)\n")
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"))
        let month = Date().addingTimeInterval(-30 * 86400)
        let book = try await store.checkOut(id: 3, Checkout(borrower: "Ann", date: month, due: month.addingTimeInterval(14 * 86400)), expectedVersion: nil)
        let ann = try #require(try await store.patron(.name("Ann")))
        #expect(await listor(["library", "letter", "\(ann.id)"] + data).output.contains("Dear Ann,\n\n“\(book.title)” by \(book.author) was due back on "))
        // A letter the mail server refused for good.
        _ = try await store.updatePatron(id: ann.id, PatronFields(name: "Ann", email: "ann@example.org"), expectedVersion: nil)
        let reminder = Reminder(kind: .overdue(1), patronID: ann.id, bookID: book.id, loanID: book.loan?.id, due: Date(), key: "overdue-1/loan/1/1")
        _ = try await store.enqueue([ReminderLetter(reminder: reminder, recipient: "ann@example.org", recipientName: "Ann", subject: "Overdue: “Dune”", body: "…")], at: Date())
        let claimed = try await store.claim(limit: 1, now: Date(), lease: Date().addingTimeInterval(60), sender: "test")
        try await store.record(.failed(at: Date(), error: "550 no such mailbox"), of: try #require(claimed.first).id, sender: "test")
        let failed = await listor(["library", "reminders", "--state", "failed"] + data, columns: 160)
        #expect(failed.exitCode == 1, "a letter failed for good")
        #expect(failed.output.contains("Overdue  ann@example.org  Overdue: “Dune”") && failed.output.contains("after 1 attempt: 550 no such mailbox"), "\(failed.output)")
        #expect(failed.errorOutput == "0 queued, 0 sent, 1 failed, 0 withdrawn\n")
        let otherPatron = await listor(["library", "letter", "99"] + data)
        #expect(otherPatron.exitCode == 1 && otherPatron.errorOutput == "error: there is no patron 99\n")
    }

    /// The printed letter goes in a window envelope: the return address, then the patron's name
    /// and postal address, 45 mm down and 20 mm in as `lp` prints text; a patron without an
    /// address is named so the letter is handed over.
    @Test func aPrintedLetterShowsItsAddressesThroughAWindowEnvelope() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        #expect(await listor(["library", "patrons", "add", "--name", "Ann Lee", "--address", #"Flat 3, 12 Elm Street\nSpringfield IL 62701"#] + data).exitCode == 0)
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"))
        let month = Date().addingTimeInterval(-30 * 86400)
        _ = try await store.checkOut(id: 3, Checkout(borrower: "Ann Lee", date: month, due: month.addingTimeInterval(14 * 86400)), expectedVersion: nil)
        let letter = await listor(["library", "letter", "1", "--library-address", "Prolific Library\n1 Main St"] + data)
        let lines = letter.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(8).allSatisfy { $0.isEmpty }, "\(letter.output)")
        #expect(lines[8...12] == ["      Prolific Library · 1 Main St", "", "      Ann Lee", "      Flat 3, 12 Elm Street", "      Springfield IL 62701"],
                "\(letter.output)")
        #expect(letter.errorOutput.isEmpty)
        #expect(await listor(["library", "patrons", "edit", "1", "--address", ""] + data).exitCode == 0)
        let unposted = await listor(["library", "letter", "1"] + data)
        #expect(unposted.exitCode == 0 && unposted.errorOutput == "Ann Lee has no postal address (listor library patrons edit 1 --address …): hand this letter over\n")
        let wide = await listor(["library", "patrons", "edit", "1", "--address", String(repeating: "x", count: 51)] + data)
        #expect(wide.exitCode != 0 && wide.errorOutput.contains("--address: the line \"xxxx"), "\(wide.errorOutput)")
    }

    /// Patron categories lend by their own rules, given as the library's settings are.
    @Test func aPatronCategoryHasItsOwnLoanRules() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path, "--library-category", "child:days=21,books=1,renewals=0", "--library-category", "staff:books=30"]
        #expect(await listor(["library", "patrons", "add", "--name", "Kit", "--card", "C-9", "--category", "Child"] + data).exitCode == 0)
        let show = await listor(["library", "patrons", "show", "1"] + data)
        #expect(show.output.contains("\nCategory: child: 21-day loans, 1 book at once, 0 renewals\n"), "\(show.output)")
        let lent = await listor(["library", "checkout", "1", "--card", "C-9"] + data)
        let due = Date().addingTimeInterval(21 * 86_400).formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US")))
        #expect(lent.output.hasSuffix("due \(due)\n"), "\(lent.output)")
        let second = await listor(["library", "checkout", "2", "--card", "C-9"] + data)
        #expect(second.exitCode == 1 && second.errorOutput == "error: Kit has 1 book out already, the most they may have\n")
        let renew = await listor(["library", "renew", "1"] + data)
        #expect(renew.errorOutput == "error: book 1's loan cannot be renewed: its borrower's loans are not renewed\n")
        let unknown = await listor(["library", "patrons", "add", "--name", "Lu", "--category", "teen"] + data)
        #expect(unknown.exitCode != 0 && unknown.errorOutput.hasPrefix("Error: --category: \"teen\" is not one of the library's categories: child, staff\n"), "\(unknown.errorOutput)")
        let twice = await listor(["library", "patrons", "list", "--library-category", "a:days=0"] + data)
        #expect(twice.exitCode != 0 && twice.errorOutput.hasPrefix("Error: --library-category: \"a:days=0\": days takes a number from 1 to 365\n"), "\(twice.errorOutput)")
    }

    @Test func theSameCommandsWorkOnAServer() async throws {
        let site = try await LibrarySite(books: [BookFields(title: "Dune", author: "Frank Herbert")])
        try await withLoopbackServer(try await site.router()) { base in
            let server = ["--server", base.absoluteString + "/library/api"]
            #expect(await listor(["library", "checkout", "1", "--to", "Ann", "--new-patron"] + server).exitCode == 0)
            let list = await listor(["library", "list"] + server)
            #expect(list.output.contains("Dune   Frank Herbert  Checked out by Ann just now"))
            let conflict = await listor(["library", "checkout", "1", "--to", "Bob", "--new-patron"] + server)
            #expect(conflict.errorOutput == "error: book 1 is already checked out by Ann\n")
        }
        let refused = await listor(["library", "list", "--server", "http://127.0.0.1:1/library/api"])
        #expect(refused.exitCode == 1)
        #expect(refused.errorOutput.hasPrefix("error: http://127.0.0.1:1/library/api/books"))
        #expect(await listor(["library", "list", "--server", "ftp://x"]).exitCode == 64)
        withExtendedLifetime(site) {}
    }

    @Test func exportThenImportMovesALibrary() async throws {
        let from = try TemporaryDirectory()
        let to = try TemporaryDirectory()
        #expect(await listor(["library", "checkout", "2", "--to", "Ann", "--new-patron", "--data-dir", from.url.path]).exitCode == 0)
        #expect(await listor(["library", "export", "books", "-o", from.path("books.csv"), "--data-dir", from.url.path]).exitCode == 0)
        #expect(await listor(["library", "export", "loans", "-o", from.path("loans.csv"), "--data-dir", from.url.path]).exitCode == 0)

        // A new library starts with the sample books; cleared first, the ids line up.
        let target = ["--data-dir", to.url.path]
        _ = try SQLLibraryStore(path: to.path("library.sqlite"), seeded: false)
        let books = await listor(["library", "import", "books", from.path("books.csv")] + target)
        #expect(books.output == "imported \(SampleLibrary.books.count) books from \(from.path("books.csv"))\n")
        #expect(books.exitCode == 0)
        let loans = await listor(["library", "import", "loans", from.path("loans.csv")] + target)
        #expect(loans.output == "imported 1 loan from \(from.path("loans.csv"))\n")
        #expect(await listor(["library", "list", "--status", "on-loan"] + target).output.contains("Frankenstein"))

        // Importing the same files again adds nothing twice, and that is no failure.
        let again = await listor(["library", "import", "books", from.path("books.csv")] + target)
        #expect(again.output == "imported 0 books, \(SampleLibrary.books.count) already in the library from \(from.path("books.csv"))\n")
        #expect(again.errorOutput.hasPrefix("\(from.path("books.csv")): line 2: ISBN 9780141439518 is already in the library: book 1, \"Pride and Prejudice\"\n"))
        #expect(again.exitCode == 0)
        #expect(await listor(["library", "import", "loans", from.path("loans.csv")] + target).output == "imported 0 loans, 1 already in the library from \(from.path("loans.csv"))\n")

        try "title\nX\n".write(toFile: to.path("bad.csv"), atomically: true, encoding: .utf8)
        let bad = await listor(["library", "import", "books", to.path("bad.csv")] + target)
        #expect(bad.exitCode == 1)
        #expect(bad.errorOutput == "error: \(to.path("bad.csv")): line 1: the header has no author column; it names title\n")
    }

    @Test func theLocalLibraryLendsForTheLoanDaysGiven() async throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.url.path]
        let out = await listor(["library", "checkout", "3", "--to", "Ann", "--new-patron", "--library-loan-days", "3"] + data)
        #expect(out.exitCode == 0)
        let book = try JSONParser.parse(Array(await listor(["library", "show", "3", "--format", "json"] + data).output.utf8))
        let checkedOut = try #require(book["loan"]?["checkedOut"]?.stringValue.flatMap(LibraryDate.date))
        let due = try #require(book["loan"]?["due"]?.stringValue.flatMap(LibraryDate.date))
        #expect(due.timeIntervalSince(checkedOut) == 3 * 86400)
        #expect(out.output.hasSuffix(", due \(BookDates.day(due, timeZone: .current))\n"))
        // The same option is refused where it cannot apply: a server lends for its own period.
        let remote = await listor(["library", "checkout", "3", "--to", "Ann", "--new-patron", "--library-loan-days", "3", "--server", "http://127.0.0.1:1/library/api"])
        #expect(remote.exitCode == 64)
        #expect(await listor(["library", "checkout", "3", "--to", "Ann", "--new-patron", "--library-loan-days", "0"] + data).exitCode == 64)
    }

    @Test func anEmptyAdminTokenMeansNoneForEveryCommand() async throws {
        // Given a server without a token, and a record of the Authorization headers it is sent
        let site = try await LibrarySite(books: ["Dune", "Emma", "Persuasion"].map { BookFields(title: $0, author: "A") })
        let sent = Mutex<[String?]>([])
        let recorder = HeaderRecorder(router: try await site.router()) { request in if request.method == .delete { sent.withLock { $0.append(request.headers[.authorization]) } } }
        try await withLoopbackServer(recorder) { base in
            let server = ["--server", base.absoluteString + "/library/api"]
            // When deletes are sent with an empty token, under either name, and with a real one
            #expect(await listor(["library", "delete", "1", "--yes", "--admin-token", ""] + server).exitCode == 0)
            #expect(await listor(["library", "delete", "2", "--yes", "--library-admin-token", ""] + server).exitCode == 0)
            #expect(await listor(["library", "delete", "3", "--yes", "--admin-token", "s3cret"] + server).exitCode == 0)
        }
        // Then the empty ones sent no token at all
        #expect(sent.withLock { $0 } == [nil, nil, "Bearer s3cret"])
        // And serve counts an empty token as none: it will not listen beyond loopback without one.
        let exposed = await listor("serve", "--host", "0.0.0.0", "--library-admin-token", "")
        #expect(exposed.exitCode == 64)
        #expect(exposed.errorOutput.contains("set --library-admin-token"))
        withExtendedLifetime(site) {}
    }

    @Test func aDatabaseThatCannotBeReachedIsOneLine() async {
        let result = await listor("library", "list", "--library-db", "postgres://listor:s3cret@127.0.0.1:1/listor")
        #expect(result.exitCode == 1)
        #expect(result.errorOutput == "error: cannot use the library database at postgres://listor:…@127.0.0.1:1/listor: cannot connect to 127.0.0.1:1: Connection refused\n")
    }

    @Test func aDatabaseThatDoesNotExistGivesTheServersReason() async throws {
        guard let server = PostgresTestServer.url(), var url = URLComponents(string: server) else { return }
        url.path = "/listor_no_such_database"
        let result = await listor("library", "list", "--library-db", url.string ?? "")
        #expect(result.exitCode == 1)
        #expect(result.errorOutput.hasSuffix("database \"listor_no_such_database\" does not exist\n"), "\(result.errorOutput)")
    }
}

/// A router that shows every request to `record` first.
private struct HeaderRecorder: HTTPResponderBuilder {
    let router: Router<WebRequestContext>
    let record: @Sendable (Request) -> Void

    func buildResponder() -> CallbackResponder<WebRequestContext> {
        let (responder, record) = (router.buildResponder(), record)
        return CallbackResponder { request, context in
            record(request)
            return try await responder.respond(to: request, context: context)
        }
    }
}
