import Foundation
import Library
import ListorKit
import ListorTestSupport
import Tagged
import Testing

/// The reminders' outbox on both stores, and the sender on it: each letter kept once per key and
/// claimed by one sender at a time, retried with backoff, given up, or withdrawn when it stopped
/// being true.
@Suite struct ReminderOutboxTests {
    static let from = try! MailAddress("library@example.org", name: "Prolific Library")
    static let policy = CirculationPolicy(loanPeriod: .seconds(14 * 86_400), renewalLimit: 2, loanLimit: 10, pickupPeriod: .seconds(3 * 86_400))

    func letter(_ key: String, patron: Patron, book: Book, loan: Loan.ID? = nil) -> ReminderLetter {
        ReminderLetter(reminder: Reminder(kind: .dueSoon, patronID: patron.id, bookID: book.id, loanID: loan, due: Date(timeIntervalSince1970: 1_796_000_000), key: key),
                       recipient: patron.email ?? "", recipientName: patron.name, subject: "About \(key)", body: "Dear \(patron.name)")
    }

    @Test(arguments: StoreKind.allCases)
    func aLetterIsKeptOnceAndClaimedByOneSenderAtATime(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let book = try await store.insert(BookFields(title: "Dune", author: "Frank Herbert"))
            let ann = try await store.insertPatron(PatronFields(name: "Ann", email: "ann@example.org"))
            let now = Date(timeIntervalSince1970: 1_796_000_400)
            let (first, second) = (letter("k1", patron: ann, book: book), letter("k2", patron: ann, book: book))
            #expect(try await store.enqueue([first, second], at: now) == 2)
            #expect(try await store.enqueue([first], at: now.addingTimeInterval(60)) == 0, "a key is kept once")
            // Given two letters due, a sender claims one and another sender the other; a third gets none.
            let a = try await store.claim(limit: 1, now: now, lease: now.addingTimeInterval(300), sender: "a")
            let b = try await store.claim(limit: 5, now: now, lease: now.addingTimeInterval(300), sender: "b")
            #expect(a.map(\.mail.key) == ["k1"] && b.map(\.mail.key) == ["k2"])
            #expect(a.first?.attempts == 1 && a.first?.mail.subject == first.subject && a.first?.mail.recipient == first.recipient && a.first?.messageID.count == 36)
            #expect(try await store.claim(limit: 5, now: now, lease: now.addingTimeInterval(300), sender: "c").isEmpty)
            // A sender records only what it claimed.
            try await store.record(.sent(at: now), of: a[0].id, sender: "b")
            #expect(try await store.outbox(.sent, limit: 10, offset: 0).isEmpty)
            try await store.record(.sent(at: now), of: a[0].id, sender: "a")
            #expect(try await store.outbox(.sent, limit: 10, offset: 0).map(\.id.rawValue) == [a[0].id])
            // A retry waits for its moment.
            try await store.record(.retry(at: now, retry: now.addingTimeInterval(60), error: "451 later"), of: b[0].id, sender: "b")
            #expect(try await store.claim(limit: 5, now: now.addingTimeInterval(59), lease: now.addingTimeInterval(400), sender: "c").isEmpty)
            let again = try await store.claim(limit: 5, now: now.addingTimeInterval(60), lease: now.addingTimeInterval(90), sender: "c")
            #expect(again.map(\.id) == [b[0].id] && again.first?.attempts == 2 && again.first?.lastError == "451 later")
            // A claim whose sender went quiet passes to another when its lease ends, not before.
            #expect(try await store.claim(limit: 5, now: now.addingTimeInterval(89), lease: now.addingTimeInterval(400), sender: "d").isEmpty)
            let taken = try await store.claim(limit: 5, now: now.addingTimeInterval(90), lease: now.addingTimeInterval(400), sender: "d")
            #expect(taken.map(\.id) == [b[0].id] && taken.first?.attempts == 3)
            try await store.record(.sent(at: now.addingTimeInterval(91)), of: b[0].id, sender: "c")
            try await store.record(.failed(at: now.addingTimeInterval(92), error: "550 no such mailbox"), of: b[0].id, sender: "d")
            let failed = try await store.outbox(.failed, limit: 10, offset: 0)
            #expect(failed.map(\.id.rawValue) == [b[0].id] && failed.first?.lastError == "550 no such mailbox" && failed.first?.ended == now.addingTimeInterval(92))
            #expect(try await store.outboxCounts() == [.sent: 1, .failed: 1])
            #expect(try await store.outbox(nil, limit: 10, offset: 0).map(\.letter.reminder.key) == ["k2", "k1"], "newest first")
            #expect(try await store.outbox(nil, limit: 1, offset: 1).map(\.letter.reminder.key) == ["k1"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aLetterThatStoppedBeingTrueIsWithdrawn(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            let library = LocalLibrary(store: store, policy: Self.policy, now: { clock.now })
            let dune = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
            let emma = try await library.add(BookForm(title: "Emma", author: "Jane Austen"))
            let ann = try await library.addPatron(PatronForm(name: "Ann", card: "C-1", email: "ann@example.org"))
            let ben = try await library.addPatron(PatronForm(name: "Ben", card: "C-2", email: "ben@example.org"))
            let annLoan = try #require(try await library.checkOut(book: dune.id, to: .id(ann.id)).book.loan)
            let benLoan = try #require(try await library.checkOut(book: emma.id, to: .id(ben.id)).book.loan)
            _ = try await store.enqueue([letter("ann", patron: ann, book: dune, loan: annLoan.id), letter("ben", patron: ben, book: emma, loan: benLoan.id)], at: clock.now)
            // Given Ann's book back and Ben's reminders off, neither letter goes.
            _ = try await library.checkIn(book: dune.id)
            _ = try await library.editPatron(id: ben.id, PatronForm(name: "Ben", card: "C-2", email: "ben@example.org", remindersOff: true), ifVersion: nil)
            #expect(try await store.claim(limit: 5, now: clock.now, lease: clock.now.addingTimeInterval(60), sender: "a").isEmpty)
            let withdrawn = try await store.outbox(.withdrawn, limit: 10, offset: 0)
            #expect(Dictionary(uniqueKeysWithValues: withdrawn.map { ($0.letter.reminder.key, $0.lastError ?? "") })
                    == ["ann": "the book came back", "ben": "the patron turned reminders off"])
        }
    }

    /// Ann (email), Ben (email, reminders off) and Cy (no email), each with a book.
    @Test(arguments: StoreKind.allCases)
    func theSenderSendsWhatFellDueOnceRetriesWithBackoffAndGivesUp(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            let library = LocalLibrary(store: store, policy: Self.policy, now: { clock.now })
            let mail = RecordingMail()
            let sender = ReminderSender(library: library, outbox: store, policy: try ReminderPolicy(dueSoonDays: 2, overdueDays: [1, 7]),
                                        letters: ReminderLetters(timeZone: TimeZone(identifier: "UTC")!), sender: OutboxSender(mail: mail.transport, from: Self.from, name: "node-1", now: { clock.now }),
                                        now: { clock.now })
            var books: [Book] = []
            for title in ["Dune", "Emma", "Ulysses", "Middlemarch"] { books.append(try await library.add(BookForm(title: title, author: "Someone"))) }
            let ann = try await library.addPatron(PatronForm(name: "Ann Brontë", card: "C-1", email: "ann@example.org"))
            let ben = try await library.addPatron(PatronForm(name: "Ben", card: "C-2", email: "ben@example.org", remindersOff: true))
            let cy = try await library.addPatron(PatronForm(name: "Cy", card: "C-3"))
            for (book, patron) in zip(books, [ann, ben, cy]) { _ = try await library.checkOut(book: book.id, to: .id(patron.id)) }
            #expect(try await sender.round() == ReminderSender.Round(), "nothing due yet")

            // Due in a day: Ann alone is reminded, once.
            clock.advance(days: 13)
            #expect(try await sender.round() == ReminderSender.Round(queued: 1, sent: 1))
            #expect(try await sender.round() == ReminderSender.Round())
            let dueSoon = try #require(mail.sent.first)
            #expect(dueSoon.to.address == "ann@example.org" && dueSoon.to.name == "Ann Brontë" && dueSoon.from == Self.from)
            #expect(dueSoon.subject == "“Dune” is due back on Tuesday, November 17, 2026")
            #expect(dueSoon.body.hasPrefix("Dear Ann Brontë,\n\n“Dune” by Someone is due back on Tuesday, November 17, 2026."))

            // Overdue, and the mail server says "later": tried again after a minute, then sent.
            clock.advance(days: 2)
            mail.fail(with: MailError(.deferred, "the mail server answered 451 try again later"))
            #expect(try await sender.round() == ReminderSender.Round(queued: 1, retrying: 1, lastError: "the mail server answered 451 try again later"))
            #expect(try await sender.round() == ReminderSender.Round(), "not before its minute")
            let waiting = try #require(try await library.reminders(.queued, page: 1, perPage: 10).messages.first)
            #expect(waiting.attempts == 1 && waiting.nextAttempt == clock.now.addingTimeInterval(60) && waiting.lastError?.contains("451") == true)
            clock.advance(days: 61.0 / 86_400)
            #expect(try await sender.round() == ReminderSender.Round(sent: 1))
            #expect(mail.sent.map(\.subject) == ["“Dune” is due back on Tuesday, November 17, 2026", "Overdue: “Dune”"])

            // The second overdue letter is refused for good: failed, shown, not tried again.
            clock.advance(days: 6)
            mail.fail(with: MailError(.refused, "the mail server answered 550 5.1.1 no such mailbox"))
            #expect(try await sender.round() == ReminderSender.Round(queued: 1, failed: 1, lastError: "the mail server answered 550 5.1.1 no such mailbox"))
            clock.advance(days: 1)
            #expect(try await sender.round() == ReminderSender.Round())
            let outbox = try await library.reminders(nil, page: 1, perPage: 10)
            #expect(outbox.counts == [.sent: 2, .failed: 1] && outbox.messages.map(\.letter.reminder.kind) == [.overdue(2), .overdue(1), .dueSoon])
            #expect(mail.sent.count == 2)
        }
    }

    /// A loan overdue for long before its first letter (the server was off, or the loan was
    /// imported so) gets a first letter, not "reminder 2"; the next is numbered by those sent.
    @Test(arguments: StoreKind.allCases)
    func anOverdueLetterIsNumberedByTheLettersSent(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            let library = LocalLibrary(store: store, policy: Self.policy, now: { clock.now })
            let mail = RecordingMail()
            let sender = ReminderSender(library: library, outbox: store, policy: try ReminderPolicy(dueSoonDays: 2, overdueDays: [1, 7, 14]),
                                        letters: ReminderLetters(timeZone: TimeZone(identifier: "UTC")!), sender: OutboxSender(mail: mail.transport, from: Self.from, name: "node-1", now: { clock.now }),
                                        now: { clock.now })
            let book = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
            let ann = try await library.addPatron(PatronForm(name: "Ann", card: "C-1", email: "ann@example.org"))
            _ = try await library.checkOut(book: book.id, to: .id(ann.id))
            clock.advance(days: 14 + 10)
            #expect(try await sender.round() == ReminderSender.Round(queued: 1, sent: 1))
            clock.advance(days: 4)
            #expect(try await sender.round() == ReminderSender.Round(queued: 1, sent: 1))
            #expect(mail.sent.map(\.subject) == ["Overdue: “Dune”", "Overdue: “Dune” (reminder 2)"])
            #expect(!mail.sent[0].body.contains("this is reminder") && mail.sent[1].body.contains("as soon as you can; this is reminder 2."))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBookSetAsideIsAnnouncedAndAHoldNotCollectedPassesOn(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            let library = LocalLibrary(store: store, policy: Self.policy, now: { clock.now })
            let mail = RecordingMail()
            let sender = ReminderSender(library: library, outbox: store, policy: try ReminderPolicy(dueSoonDays: 0, overdueDays: []),
                                        letters: ReminderLetters(timeZone: TimeZone(identifier: "UTC")!), sender: OutboxSender(mail: mail.transport, from: Self.from, name: "node-1", now: { clock.now }),
                                        now: { clock.now })
            let dune = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
            let ann = try await library.addPatron(PatronForm(name: "Ann", card: "C-1", email: "ann@example.org"))
            let ben = try await library.addPatron(PatronForm(name: "Ben", card: "C-2", email: "ben@example.org"))
            let cy = try await library.addPatron(PatronForm(name: "Cy", card: "C-3"))
            _ = try await library.checkOut(book: dune.id, to: .id(cy.id))
            _ = try await library.placeHold(on: dune.id, for: .id(ann.id))
            _ = try await library.placeHold(on: dune.id, for: .id(ben.id))
            _ = try await library.checkIn(book: dune.id)
            #expect(try await sender.round() == ReminderSender.Round(queued: 1, sent: 1))
            #expect(mail.sent.map(\.to.address) == ["ann@example.org"])
            #expect(mail.sent.first?.body.contains("set aside for you until Friday, November 6, 2026") == true)
            // Ann does not come within the pickup period: the book passes to Ben, who is told.
            clock.advance(days: 3)
            #expect(try await sender.round() == ReminderSender.Round(holdsExpired: 1, queued: 1, sent: 1))
            #expect(mail.sent.map(\.to.address) == ["ann@example.org", "ben@example.org"])
            #expect(try await library.queue(of: dune.id).map(\.patronID) == [ben.id])
        }
    }
}
