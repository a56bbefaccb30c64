import Foundation
import Library
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Testing

/// The rules of lending on both stores, and through the API by `RemoteLibrary`: patrons, loan
/// limits, renewals, and holds (the queue's order, the pickup period, a hold passed on).
@Suite struct CirculationBehaviourTests {
    static let policy = CirculationPolicy(loanPeriod: .seconds(14 * 86_400), renewalLimit: 2, loanLimit: 2, pickupPeriod: .seconds(3 * 86_400),
                                          categories: [PatronCategory(name: "child", loanPeriod: .seconds(21 * 86_400), loanLimit: 1, renewalLimit: 0)])

    /// Where the library is: on each store, or on a server's (SQLite) over its API.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres, api
        var testDescription: String { rawValue }
    }

    func withLibrary(_ kind: Kind, _ body: @escaping @Sendable (any LibraryService, TestClock) async throws -> Void) async throws {
        let clock = TestClock()
        switch kind {
        case .sqlite, .postgres:
            try await (kind == .sqlite ? StoreKind.sqlite : .postgres).withStore { store in
                try await body(LocalLibrary(store: store, policy: Self.policy, now: { clock.now }), clock)
            }
        case .api:
            try await StoreKind.sqlite.withStore { store in
                let served = LocalLibrary(store: store, policy: Self.policy, now: { clock.now })
                let module = LibraryWebModule(library: served, covers: BookCovers(library: served), adminToken: "s3cret")
                try await withLoopbackServer(try await buildRouter(configuration: WebConfiguration(), modules: [module])) { base in
                    try await withLiveHTTPTransport { transport in
                        try await body(RemoteLibrary(baseURL: base.appendingPathComponent("library/api"), transport: transport, adminToken: "s3cret"), clock)
                    }
                }
            }
        }
    }

    /// Three books and three patrons: Ann, Ben and Cy.
    func setUp(_ library: any LibraryService) async throws -> (books: [Book], ann: Patron, ben: Patron, cy: Patron) {
        var books: [Book] = []
        for title in ["Dune", "Emma", "Ulysses"] { books.append(try await library.add(BookForm(title: title, author: "Someone"))) }
        let ann = try await library.addPatron(PatronForm(name: "Ann Brontë", card: "C-1", email: "ann@example.org"))
        let ben = try await library.addPatron(PatronForm(name: "Ben", card: "C-2", phone: "+44 20 7946 0000"))
        let cy = try await library.addPatron(PatronForm(name: "Cy", card: "C-3"))
        return (books, ann, ben, cy)
    }

    @Test(arguments: Kind.allCases)
    func patronsAreAddedFoundEditedAndTheirCardsAreTheirOwn(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, _ in
            let (_, ann, ben, _) = try await setUp(library)
            #expect(ann.card == "C-1" && ann.email == "ann@example.org" && ann.version == 1)
            #expect(try await library.patron(card: "c-1") == ann, "cards match without regard to case")
            #expect(try await library.patrons(search: "bronte").map(\.id) == [ann.id], "folded")
            #expect(try await library.patrons(search: "7946").map(\.id) == [ben.id], "by phone")
            #expect(try await library.patrons(search: "").map(\.name) == ["Ann Brontë", "Ben", "Cy"])
            let taken = await #expect(throws: FieldErrors.self) { try await library.addPatron(PatronForm(name: "Dee", card: "c-2")) }
            #expect(taken?.errors == [FieldError(field: "card", message: "c-2 is patron \(ben.id)'s card already")])
            let bad = await #expect(throws: FieldErrors.self) { try await library.addPatron(PatronForm(name: " ", card: "C 9", email: "ann@", phone: "call me")) }
            #expect(bad?.errors.map(\.field) == ["name", "card", "email", "phone"])
            // One email rule, the mailer's, at the door: what is taken can be sent to.
            for address in ["a@b.c>", "\"a\"@b.c", "ann@example.org\r\nBcc: x@y.z"] {
                let refused = await #expect(throws: FieldErrors.self) { try await library.addPatron(PatronForm(name: "Dee", email: address)) }
                #expect(refused?.errors.map(\.field) == ["email"], "\(address)")
            }
            let edited = try await library.editPatron(id: ben.id, PatronForm(name: "Ben Okri", card: "C-2", remindersOff: true), ifVersion: 1)
            #expect(edited.name == "Ben Okri" && edited.remindersOff && edited.phone == nil && edited.version == 2)
            await #expect(throws: LibraryError.patronChanged(id: ben.id, current: 2)) {
                try await library.editPatron(id: ben.id, PatronForm(name: "Ben"), ifVersion: 1)
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aPatronMayHaveTheLoanLimitAndNoMore(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, clock in
            let (books, ann, _, _) = try await setUp(library)
            let first = try await library.checkOut(book: books[0].id, to: .card("C-1"))
            #expect(first.book.loan?.patronID == ann.id && first.book.loan?.borrower == "Ann Brontë")
            #expect(first.book.loan?.due == clock.now.addingTimeInterval(14 * 86_400))
            _ = try await library.checkOut(book: books[1].id, to: .id(ann.id))
            await #expect(throws: LibraryError.loanLimit(patron: "Ann Brontë", limit: 2)) {
                try await library.checkOut(book: books[2].id, to: .id(ann.id))
            }
            _ = try await library.checkIn(book: books[0].id)
            _ = try await library.checkOut(book: books[2].id, to: .id(ann.id))
            #expect(try await library.loans(.patron(ann.id)).items.count == 3)
            await #expect(throws: LibraryError.cardNotFound(card: "C-404")) { try await library.checkOut(book: books[0].id, to: .card("C-404")) }
            // A due date a typo puts at the end of time lends the book for good: at most a year.
            let forever = try #require(LibraryDate.date("9999-12-31 23:59:59"))
            await #expect(throws: FieldErrors([FieldError(field: "due", message: "is more than a year after the checkout")])) {
                try await library.checkOut(book: books[0].id, to: .card("C-3"), due: forever, ifVersion: nil)
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aPatronsCategoryLendsByItsOwnRules(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, clock in
            let (books, ann, _, _) = try await setUp(library)
            // Written as the library names it, with the postal address for letters.
            let kit = try await library.addPatron(PatronForm(name: "Kit", card: "C-9", address: "12 Elm St \r\n\nSpringfield IL 62701 ", category: "CHILD"))
            #expect(kit.category == "child" && kit.address == "12 Elm St\nSpringfield IL 62701")
            #expect(try await library.patron(id: kit.id) == kit)
            let lent = try await library.checkOut(book: books[0].id, to: .id(kit.id))
            #expect(lent.book.loan?.due == clock.now.addingTimeInterval(21 * 86_400), "the category's loan period")
            await #expect(throws: LibraryError.loanLimit(patron: "Kit", limit: 1)) { try await library.checkOut(book: books[1].id, to: .id(kit.id)) }
            await #expect(throws: LibraryError.renewalLimit(id: books[0].id, limit: 0)) { try await library.renew(book: books[0].id) }
            // A patron of no category lends by the library's own rules.
            let annLoan = try await library.checkOut(book: books[1].id, to: .id(ann.id))
            #expect(annLoan.book.loan?.due == clock.now.addingTimeInterval(14 * 86_400))
            _ = try await library.renew(book: books[1].id)
            // A category the library does not have, and an address no window shows, are refused beside their fields, with the others.
            let refused = await #expect(throws: FieldErrors.self) {
                try await library.addPatron(PatronForm(name: "", address: "1\n2\n3\n4\n5\n6", category: "teen"))
            }
            #expect(refused?.errors.map(\.field) == ["name", "address", "category"])
            #expect(refused?.errors.last?.message == "\"teen\" is not one of the library's categories: child", "\(String(describing: refused))")
            var wideForm = PatronForm(kit)
            wideForm.address = String(repeating: "x", count: 51)
            let wide = await #expect(throws: FieldErrors.self) { try await library.editPatron(id: kit.id, wideForm, ifVersion: nil) }
            #expect(wide?.errors.map(\.field) == ["address"])
            let plain = try await library.editPatron(id: kit.id, PatronForm(name: "Kit", card: "C-9", category: ""), ifVersion: nil)
            #expect(plain.category == nil && plain.address == nil)
        }
    }

    @Test(arguments: Kind.allCases)
    func aLoanIsRenewedUpToItsLimitAndNotWhileHeld(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, clock in
            let (books, ann, ben, _) = try await setUp(library)
            let out = try await library.checkOut(book: books[0].id, to: .id(ann.id))
            let due = try #require(out.book.loan?.due)
            clock.advance(days: 3)
            let once = try await library.renew(book: books[0].id)
            #expect(once.book.loan?.due == due.addingTimeInterval(14 * 86_400), "from the due date, which is later than now")
            #expect(once.book.loan?.renewals == 1)
            clock.advance(days: 40)
            let twice = try await library.renew(book: books[0].id)
            #expect(twice.book.loan?.due == clock.now.addingTimeInterval(14 * 86_400), "from now, when overdue")
            await #expect(throws: LibraryError.renewalLimit(id: books[0].id, limit: 2)) { try await library.renew(book: books[0].id) }
            let other = try await library.checkOut(book: books[1].id, to: .id(ann.id))
            _ = try await library.placeHold(on: other.book.id, for: .id(ben.id))
            await #expect(throws: LibraryError.renewalHeld(id: books[1].id, holds: 1)) { try await library.renew(book: books[1].id) }
            await #expect(throws: LibraryError.notOnLoan(id: books[2].id)) { try await library.renew(book: books[2].id) }
        }
    }

    /// Holds are served in the order they were placed; the book comes back set aside for the
    /// first, who alone may take it; the next moves up.
    @Test(arguments: Kind.allCases)
    func holdsAreServedFirstComeFirstServed(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, clock in
            let (books, ann, ben, cy) = try await setUp(library)
            let book = books[0].id
            _ = try await library.checkOut(book: book, to: .id(ann.id))
            let benHold = try await library.placeHold(on: book, for: .id(ben.id))
            let cyHold = try await library.placeHold(on: book, for: .card("C-3"))
            #expect(benHold.placed.flatMap { benHold.place(of: $0.id) } == 1)
            #expect(cyHold.placed.flatMap { cyHold.place(of: $0.id) } == 2)
            #expect(cyHold.placed?.state == .waiting)
            await #expect(throws: LibraryError.self) { try await library.placeHold(on: book, for: .id(ben.id)) }
            await #expect(throws: LibraryError.holdsOwnLoan(id: book, patron: "Ann Brontë")) { try await library.placeHold(on: book, for: .id(ann.id)) }
            clock.advance(days: 1)
            let back = try await library.checkIn(book: book)
            #expect(back.book.loan == nil)
            #expect(back.setAside?.patronID == ben.id, "check-in names who has the book next")
            #expect(back.queue.map(\.state) == [.ready, .waiting])
            #expect(back.queue.first?.expires == clock.now.addingTimeInterval(3 * 86_400))
            await #expect(throws: LibraryError.held(id: book, for: "Ben", ready: true, until: clock.now.addingTimeInterval(3 * 86_400))) { try await library.checkOut(book: book, to: .id(cy.id)) }
            let taken = try await library.checkOut(book: book, to: .id(ben.id))
            #expect(taken.book.loan?.patronID == ben.id)
            #expect(taken.queue.map(\.patronID) == [cy.id], "Ben's hold is collected; Cy is first now")
            #expect(try await library.holds(of: ben.id).map(\.state) == [.collected])
        }
    }

    /// A book set aside for a patron is on the hold shelf, not available: the book says for whom
    /// and until when, the status filters and their counts put it on the hold shelf, with a search
    /// too, and anyone else is refused with that sentence; once collected it is out, and back on
    /// the shelf for anyone when it comes back with nobody waiting.
    @Test(arguments: Kind.allCases)
    func aBookSetAsideIsOnTheHoldShelfNotAvailable(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, clock in
            let (books, ann, ben, cy) = try await setUp(library)
            let book = books[0].id
            _ = try await library.checkOut(book: book, to: .id(ann.id))
            _ = try await library.placeHold(on: book, for: .id(ben.id))
            _ = try await library.checkIn(book: book)
            let held = try await library.book(id: book)
            #expect(held.shelfHold?.patronID == ben.id && held.shelfHold?.patronName == "Ben")
            #expect(held.shelfHold?.expires == clock.now.addingTimeInterval(3 * 86_400))
            #expect(held.isOnHoldShelf && !held.isAvailable)
            func ids(_ status: BookQuery.Status, _ search: String = "") async throws -> (ids: [Book.ID], matching: Int) {
                let page = try await library.books(BookQuery(search: search, status: status), page: 1, perPage: 50)
                return (page.books.map(\.id), page.matching)
            }
            #expect(try await ids(.available) == ([books[1].id, books[2].id], 2))
            #expect(try await ids(.onHoldShelf) == ([book], 1))
            #expect(try await ids(.onLoan) == ([], 0))
            #expect(try await ids(.available, "dune") == ([], 0), "a search on the shelf leaves it out")
            #expect(try await ids(.onHoldShelf, "dune") == ([book], 1))
            #expect(try await ids(.onHoldShelf, "emma") == ([], 0))
            let list = BookListViewModel(page: try await library.books(BookQuery(), page: 1, perPage: 50), query: BookQuery(), now: clock.now, timeZone: .gmt)
            let until = BookDates.day(clock.now.addingTimeInterval(3 * 86_400), timeZone: .gmt)
            #expect(list.rows.first?.status == "On the hold shelf for Ben until \(until)")
            let visitors = BookDetailViewModel(book: held, now: clock.now, timeZone: .gmt, audience: .visitors)
            #expect(visitors.checkoutText == "On the hold shelf until \(until)", "visitors are not told for whom")
            let refused = await #expect(throws: LibraryError.self) { try await library.checkOut(book: book, to: .id(cy.id)) }
            #expect(refused?.description == "book \(book) is on the hold shelf for Ben until \(BookDates.day(clock.now.addingTimeInterval(3 * 86_400), timeZone: .current))")
            _ = try await library.checkOut(book: book, to: .id(ben.id))
            #expect(try await library.book(id: book).shelfHold == nil)
            #expect(try await ids(.onHoldShelf) == ([], 0))
            _ = try await library.checkIn(book: book)
            #expect(try await ids(.available).ids.contains(book), "back with nobody waiting: on the shelf for anyone")
        }
    }

    /// A patron is deleted only once they have nothing out and wait for nothing; their past
    /// loans stay, under their name.
    @Test(arguments: Kind.allCases)
    func aPatronIsDeletedOnlyWithNothingOutAndNoHolds(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, _ in
            let (books, ann, ben, _) = try await setUp(library)
            _ = try await library.checkOut(book: books[0].id, to: .id(ann.id))
            _ = try await library.placeHold(on: books[0].id, for: .id(ben.id))
            await #expect(throws: LibraryError.patronBusy(name: "Ann Brontë", loans: 1, holds: 0)) { try await library.deletePatron(id: ann.id) }
            let busy = await #expect(throws: LibraryError.self) { try await library.deletePatron(id: ben.id) }
            #expect(busy?.description == "Ben has 1 hold; check the books in and cancel the holds first")
            _ = try await library.checkIn(book: books[0].id)
            try await library.deletePatron(id: ann.id)
            await #expect(throws: LibraryError.patronNotFound(id: ann.id)) { try await library.patron(id: ann.id) }
            #expect(try await library.loans(.book(books[0].id)).items.map(\.borrower) == ["Ann Brontë"], "the book's history keeps her loan")
            await #expect(throws: LibraryError.self) { try await library.deletePatron(id: ann.id) }
        }
    }

    /// A hold not collected within the pickup period expires and the book passes to the next; a
    /// cancelled hold passes it on the same way; a book on the shelf is set aside at once.
    @Test(arguments: Kind.allCases)
    func anExpiredOrCancelledHoldPassesTheBookOn(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, clock in
            let (books, ann, ben, cy) = try await setUp(library)
            let book = books[1].id
            let atOnce = try await library.placeHold(on: book, for: .id(ann.id))
            #expect(atOnce.placed?.state == .ready && atOnce.setAside?.patronID == ann.id, "on the shelf and nobody waiting: set aside at once")
            _ = try await library.placeHold(on: book, for: .id(ben.id))
            _ = try await library.placeHold(on: book, for: .id(cy.id))
            clock.advance(days: 2.9)
            #expect(try await library.queue(of: book).map(\.state) == [.ready, .waiting, .waiting], "not yet past the pickup period")
            clock.advance(days: 0.2)
            let queue = try await library.queue(of: book)
            #expect(queue.map(\.patronID) == [ben.id, cy.id])
            #expect(queue.map(\.state) == [.ready, .waiting])
            let benHold = try #require(queue.first)
            let cancelled = try await library.cancelHold(benHold.id, on: book)
            #expect(cancelled.queue.map(\.patronID) == [cy.id] && cancelled.queue.first?.state == .ready)
            #expect(cancelled.setAside?.patronID == cy.id)
            #expect(try await library.holds(of: ann.id).map(\.state) == [.expired], "written with the next action on the book")
            await #expect(throws: LibraryError.holdNotFound(id: benHold.id, book: book)) { try await library.cancelHold(benHold.id, on: book) }
        }
    }

    /// The original clients name a borrower in free text: the name finds the patron (folded), or
    /// makes one without a card.
    @Test(arguments: Kind.allCases)
    func aFreeTextBorrowerFindsOrMakesThePatron(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, _ in
            let (books, ann, _, _) = try await setUp(library)
            let found = try await library.checkOut(id: books[0].id, borrower: "ann  bronte", ifVersion: nil)
            #expect(found.loan?.patronID == ann.id)
            let made = try await library.checkOut(id: books[1].id, borrower: "Dora", ifVersion: nil)
            let dora = try #require(try await library.patrons(search: "dora").first)
            #expect(made.loan?.patronID == dora.id && dora.card == nil)
            let added = try await library.add(BookForm(title: "Middlemarch", author: "George Eliot"), checkedOutBy: "Dora")
            #expect(added.loan?.patronID == dora.id, "the same patron, not a second Dora")
        }
    }

    /// The name a librarian types at the desk finds its patron however many others hold it in
    /// theirs: a patron of that very name is the search's first.
    @Test(arguments: Kind.allCases)
    func aTypedNameFindsItsPatronAmongManyThatHoldIt(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, _ in
            for number in 1...510 { _ = try await library.addPatron(PatronForm(name: "Aann \(number)")) }
            let ann = try await library.addPatron(PatronForm(name: "Ann"))
            #expect(try await library.patrons(search: " ANN ", page: 1, perPage: 3).map(\.name) == ["Ann", "Aann 1", "Aann 10"])
            #expect(try await CirculationDesk(library: library).patron(cardOrName: "ann") == .id(ann.id))
            await #expect(throws: FieldErrors.self) { try await CirculationDesk(library: library).patron(cardOrName: "Aan") }
        }
    }

    @Test(arguments: Kind.allCases)
    func mergingTwoRecordsOfOnePersonKeepsTheirLoansAndTheEarlierHold(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, _ in
            let (books, ann, ben, cy) = try await setUp(library)
            _ = try await library.checkOut(book: books[0].id, to: .id(cy.id))
            _ = try await library.checkOut(id: books[1].id, borrower: "A. Bronte", ifVersion: nil)
            let duplicate = try #require(try await library.patrons(search: "a bronte").first { $0.name == "A. Bronte" })
            _ = try await library.placeHold(on: books[0].id, for: .id(ann.id))
            _ = try await library.placeHold(on: books[0].id, for: .id(ben.id))
            _ = try await library.placeHold(on: books[0].id, for: .id(duplicate.id))
            let merged = try await library.mergePatrons(keep: ann.id, merge: duplicate.id)
            #expect(merged.version == ann.version + 1)
            #expect(try await library.loans(.patron(ann.id)).items.map(\.bookID) == [books[1].id])
            #expect(try await library.queue(of: books[0].id).map(\.patronID) == [ann.id, ben.id], "Ann's earlier place stays; the later one goes")
            await #expect(throws: LibraryError.patronNotFound(id: duplicate.id)) { try await library.patron(id: duplicate.id) }
        }
    }

    /// Holds placed at once on one book get places 1, 2, 3… each once, in the order of the queue.
    @Test(arguments: Kind.allCases)
    func holdsPlacedAtOnceTakeTurnsInTheQueue(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, _ in
            let (books, ann, _, _) = try await setUp(library)
            let book = books[2].id
            _ = try await library.checkOut(book: book, to: .id(ann.id))
            var patrons: [Patron] = []
            for index in 0..<30 { patrons.append(try await library.addPatron(PatronForm(name: "Reader \(index)", card: "R-\(index)"))) }
            let places = try await withThrowingTaskGroup(of: (Patron.ID, Int).self) { group in
                for patron in patrons {
                    group.addTask {
                        let outcome = try await library.placeHold(on: book, for: .id(patron.id))
                        return (patron.id, try #require(outcome.placed.flatMap { outcome.place(of: $0.id) }))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(places.values.sorted() == Array(1...30), "each place once")
            let queue = try await library.queue(of: book)
            #expect(queue.map(\.patronID) == places.sorted { $0.value < $1.value }.map(\.key), "the queue in the order the places were given")
        }
    }

    /// Patrons go out as CSV and come back in: good rows added, a card already there reported
    /// as such, a card the file repeats and each bad row named by line and field; importing
    /// again adds nothing.
    @Test(arguments: Kind.allCases)
    func patronsMakeTheRoundTripThroughCSV(_ kind: Kind) async throws {
        try await withLibrary(kind) { library, _ in
            _ = try await setUp(library)
            let exported = try await library.exportPatrons()
            #expect(exported.hasPrefix("id,name,card,email,phone,notes,address,category,remindersOff\r\n"))
            #expect(exported.contains("Ann Brontë,C-1,ann@example.org,,,,,false"))
            let file = exported + "9,Dee,C-4,dee@example.org,,\"likes, commas\",\"1 Elm St\nLeeds\",Child,true\r\n10,,C-5,,,,,,false\r\n"
                + "11,Eve,C-6,eve@,,,,,maybe\r\n12,Dee Two,c-4,,,,,,\r\n"
            let report = try await library.importPatrons(file)
            #expect(report.imported == 1)
            #expect(report.alreadyThere.map(\.line) == [2, 3, 4], "the three cards the library has, not the file's repeat")
            // Lines as an editor numbers them: Dee's address spans two.
            #expect(report.problems.map(\.description) == ["line 7: name: is required", "line 8: remindersOff: \"maybe\" is not true or false",
                                                         "line 9: card: c-4 is line 5's card already; a card names one patron"])
            let dee = try await library.patron(card: "c-4")
            #expect(dee.notes == "likes, commas" && dee.remindersOff && dee.email == "dee@example.org")
            #expect(dee.address == "1 Elm St\nLeeds" && dee.category == "child", "an address of two lines, and the category as the library names it")
            #expect(try await library.exportPatrons().contains(",\"1 Elm St\nLeeds\",child,true\r\n"))
            let again = try await library.importPatrons(file)
            #expect(again.imported == 0 && again.alreadyThere.count == 5, "line 8's card is the library's now")
        }
    }
}
