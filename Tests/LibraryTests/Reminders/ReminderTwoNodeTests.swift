import Foundation
import Library
import LibrarySQL
import ListorSQL
import ListorKit
import ListorTestSupport
import Tagged
import Synchronization
import Testing

/// Sixty days of 500 loans, with two senders on two nodes sharing one library (PostgreSQL, or
/// one SQLite file opened twice) running their rounds at the same moments, twice a day
/// of a clock the test moves: each reminder the loans' dates call for is sent, and none twice.
@Suite struct ReminderTwoNodeTests {
    static let perDay = 2, day: TimeInterval = 86_400
    static let tick = day / Double(perDay), ticks = 60 * perDay

    /// Two stores on one database, each with its own connections, as two nodes have.
    func withTwoStores(_ kind: StoreKind, _ body: @escaping @Sendable (any LibraryStore, any LibraryStore) async throws -> Void) async throws {
        switch kind {
        case .sqlite:
            let directory = try TemporaryDirectory()
            let path = directory.path("library.sqlite")
            try await body(try SQLLibraryStore(path: path, seeded: false), try SQLLibraryStore(path: path, seeded: false))
            withExtendedLifetime(directory) {}
        case .postgres:
            guard let url = PostgresTestServer.url() else { return }
            try await PostgresTestServer.withEmptyDatabase(url) { configuration in
                try await PostgresTestServer.withClient(configuration) { first in
                    try await PostgresTestServer.withClient(configuration) { second in
                        let (a, b) = (SQLLibraryStore(database: PostgreSQLDatabase(client: first)), SQLLibraryStore(database: PostgreSQLDatabase(client: second)))
                        try await a.migrate(seeded: false)
                        try await b.migrate(seeded: false)
                        try await body(a, b)
                    }
                }
            }
        }
    }

    struct Plan {
        let book: Int
        let patron: Int
        /// Ticks from the start.
        let out: Int
        let back: Int?
        /// Hours after checking out.
        let hours: Int
    }

    @Test(arguments: StoreKind.allCases)
    func twoSendersAtOnceSendEachReminderOfSixtyDaysOnce(_ kind: StoreKind) async throws {
        try await withTwoStores(kind) { a, b in
            let clock = TestClock()
            let start = clock.now
            let lending = CirculationPolicy(loanPeriod: .seconds(14 * 86_400), renewalLimit: 2, loanLimit: 1000, pickupPeriod: .seconds(7 * 86_400))
            let (nodeA, nodeB) = (LocalLibrary(store: a, policy: lending, now: { clock.now }), LocalLibrary(store: b, policy: lending, now: { clock.now }))
            // Patrons 1–40 take reminders by email; 41–45 have no address; 46–50 turned them off.
            var patrons: [Patron.ID] = []
            for index in 1...50 {
                let patron = try await nodeA.addPatron(PatronForm(name: "Reader \(index)", card: "R-\(index)", email: index <= 40 || index > 45 ? "reader\(index)@example.org" : "",
                                                                  remindersOff: index > 45))
                patrons.append(patron.id)
            }
            var books: [Book.ID] = []
            for index in 0..<500 { books.append(try await nodeB.add(BookForm(title: "Book \(index)", author: "Someone")).id) }
            var random = SeededRandom(seed: 61)
            let plans = (0..<500).map { index -> Plan in
                let out = Int.random(in: 0..<(50 * Self.perDay), using: &random)
                let back: Int? = Bool.random(using: &random) ? out + Int.random(in: 1...(40 * Self.perDay), using: &random) : nil
                return Plan(book: index, patron: Int.random(in: 0..<50, using: &random), out: out, back: back, hours: Int.random(in: (3 * 24)...(21 * 24), using: &random))
            }
            let mail = RecordingMail()
            let policy = try ReminderPolicy(dueSoonDays: 2, overdueDays: [1, 7, 14])
            let from = try MailAddress("library@example.org")
            let senders = [(nodeA, a, "a"), (nodeB, b, "b")].map { library, store, name in
                ReminderSender(library: library, outbox: store, policy: policy, letters: ReminderLetters(), sender: OutboxSender(mail: mail.transport, from: from, name: name, now: { clock.now }),
                               now: { clock.now })
            }
            for tick in 0..<Self.ticks {
                for plan in plans where plan.out == tick {
                    let node = plan.book % 2 == 0 ? nodeA : nodeB
                    _ = try await node.checkOut(book: books[plan.book], to: .id(patrons[plan.patron]), due: clock.now.addingTimeInterval(Double(plan.hours) * 3600),
                                                ifVersion: nil)
                }
                for plan in plans where plan.back == tick {
                    _ = try await (plan.book % 2 == 0 ? nodeB : nodeA).checkIn(book: books[plan.book])
                }
                async let first = senders[0].round()
                async let second = senders[1].round()
                _ = try await (first, second)
                clock.advance(days: Self.tick / Self.day)
            }

            // The reference: each reminder whose window holds a tick while its loan is out, for
            // a patron who takes reminders.
            var expected: [String] = []
            for plan in plans where plan.patron < 40 {
                let loan = try #require(try await a.loans(.book(books[plan.book])).first)
                let out = start.addingTimeInterval(Double(plan.out) * Self.tick)
                let open = start.addingTimeInterval(Double(min(plan.back ?? Self.ticks, Self.ticks)) * Self.tick)
                #expect(loan.checkedOut == out)
                let due = loan.due, stamp = Int64(due.timeIntervalSince1970.rounded(.down))
                func aTick(from: Date, to: Date) -> Bool {
                    let first = max(from, out)
                    let tick = start.addingTimeInterval((first.timeIntervalSince(start) / Self.tick).rounded(.up) * Self.tick)
                    return tick < min(to, open)
                }
                if aTick(from: due.addingTimeInterval(-2 * Self.day), to: due) { expected.append("due-soon/loan/\(loan.id)/\(stamp)") }
                let thresholds = [1.0, 7, 14].map { due.addingTimeInterval($0 * Self.day) }
                for (index, threshold) in thresholds.enumerated() where aTick(from: threshold, to: index + 1 < thresholds.count ? thresholds[index + 1] : .distantFuture) {
                    expected.append("overdue-\(index + 1)/loan/\(loan.id)/\(stamp)")
                }
            }
            #expect(expected.count > 300, "a calendar with reminders of every kind: \(expected.count)")

            let sent = mail.sent.map(\.id)
            #expect(Set(sent).count == sent.count, "sent twice: \(Dictionary(grouping: sent, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted().prefix(5))")
            let outbox = try await nodeA.reminders(nil, page: 1, perPage: 5000)
            #expect(outbox.counts == [.sent: expected.count], "every letter sent, none failed or withdrawn")
            let keys = Set(outbox.messages.filter { sent.contains($0.messageID ?? "") }.map(\.letter.reminder.key))
            #expect(keys.subtracting(expected).isEmpty, "sent but not expected: \(keys.subtracting(expected).sorted().prefix(5))")
            #expect(Set(expected).subtracting(keys).isEmpty, "expected but not sent: \(Set(expected).subtracting(keys).sorted().prefix(5))")
            #expect(sent.count == expected.count)
            #expect(Set(outbox.messages.map(\.letter.recipient)).isSubset(of: Set((1...40).map { "reader\($0)@example.org" })))
        }
    }

    /// A slow mail server: each send takes a minute of the test's clock, so that nine letters
    /// take longer than a claim's five-minute lease. The other node runs its round while the
    /// first is still sending, and finds no letter it may send again.
    @Test(arguments: StoreKind.allCases)
    func aSlowMailServerDoesNotMakeTheOtherNodeSendALetterAgain(_ kind: StoreKind) async throws {
        try await withTwoStores(kind) { a, b in
            let clock = TestClock()
            let lending = CirculationPolicy(loanPeriod: .seconds(14 * 86_400), renewalLimit: 2, loanLimit: 1000, pickupPeriod: .seconds(7 * 86_400))
            let (nodeA, nodeB) = (LocalLibrary(store: a, policy: lending, now: { clock.now }), LocalLibrary(store: b, policy: lending, now: { clock.now }))
            let patron = try await nodeA.addPatron(PatronForm(name: "Reader", card: "R-1", email: "reader@example.org"))
            for index in 0..<9 {
                let book = try await nodeA.add(BookForm(title: "Book \(index)", author: "Someone")).id
                _ = try await nodeA.checkOut(book: book, to: .id(patron.id), due: clock.now.addingTimeInterval(3600), ifVersion: nil)
            }
            clock.advance(days: 2)
            let policy = try ReminderPolicy(dueSoonDays: 2, overdueDays: [1])
            let from = try MailAddress("library@example.org")
            let mail = RecordingMail()
            let other = ReminderSender(library: nodeB, outbox: b, policy: policy, letters: ReminderLetters(), sender: OutboxSender(mail: mail.transport, from: from, name: "b", now: { clock.now }),
                                       now: { clock.now })
            let sends = Mutex(0)
            // Node A's mail server takes 61 s a letter; at its sixth, node B's round runs.
            let slow = MailTransport(destination: "a slow server") { message in
                try await mail.transport.send(message)
                clock.advance(days: 61 / 86_400)
                if sends.withLock({ $0 += 1; return $0 }) == 6 { _ = try await other.round() }
            }
            let first = ReminderSender(library: nodeA, outbox: a, policy: policy, letters: ReminderLetters(), sender: OutboxSender(mail: slow, from: from, name: "a", now: { clock.now }),
                                       now: { clock.now })
            _ = try await first.round()
            let sent = mail.sent.map(\.id)
            #expect(sent.count == 9 && Set(sent).count == 9, "each of the nine letters once: \(sent.sorted())")
        }
    }
}
