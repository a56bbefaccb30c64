import Foundation
import ListorKit
import Synchronization

/// Sends the library's reminders, a round at a time: lets holds not collected in time pass on
/// (which sets books aside for the next in their queues), keeps a letter in the outbox for each
/// reminder that fell due, then sends the letters it claims (`OutboxSender`). Several nodes may run rounds at
/// once on one database: the outbox keeps each letter once and lets one node claim it.
public struct ReminderSender: Sendable {
    /// What one round did.
    public struct Round: Sendable, Hashable {
        public var holdsExpired = 0
        public var queued = 0
        public var sent = 0
        /// Failed for now, to be tried again.
        public var retrying = 0
        /// Failed for good.
        public var failed = 0
        /// The last failure's reason, when any attempt failed.
        public var lastError: String?

        public init(holdsExpired: Int = 0, queued: Int = 0, sent: Int = 0, retrying: Int = 0, failed: Int = 0, lastError: String? = nil) {
            self.holdsExpired = holdsExpired
            self.queued = queued
            self.sent = sent
            self.retrying = retrying
            self.failed = failed
            self.lastError = lastError
        }
    }

    private let library: LocalLibrary
    private let outbox: any ReminderOutbox
    private let schedule: ReminderSchedule
    private let letters: ReminderLetters
    private let sender: OutboxSender
    /// The other apps' outboxes, sent from in each round too: one sender for all the mail.
    private let others: [any MailOutbox]
    private let now: @Sendable () -> Date
    /// Keys this sender knows the outbox has: a key once kept stays kept, so the outbox is asked
    /// only about the others, rather than about every reminder due in every round.
    private let known = KnownKeys()

    /// `sender` sends the letters, and what `others` hold, in each round.
    public init(library: LocalLibrary, outbox: any ReminderOutbox, policy: ReminderPolicy, letters: ReminderLetters, sender: OutboxSender,
                alsoSending others: [any MailOutbox] = [], now: @escaping @Sendable () -> Date = Date.init) {
        self.library = library
        self.outbox = outbox
        schedule = ReminderSchedule(policy: policy)
        self.letters = letters
        self.sender = sender
        self.others = others
        self.now = now
    }

    /// Where the letters go, for messages.
    public var destination: String { sender.destination }

    public func round() async throws -> Round {
        var round = Round()
        let start = now()
        let lapsed = try await library.store.holds(.ready).filter { ($0.expires ?? .distantFuture) <= start }
        for book in Set(lapsed.map(\.bookID)) {
            _ = try await library.expireHolds(on: book)
        }
        round.holdsExpired = lapsed.count
        let sources = try await outbox.reminderSources(dueBefore: start.addingTimeInterval(Double(schedule.policy.dueSoonDays) * 86_400 + 1))
        let all = schedule.due(loans: sources.loans, holds: sources.holds, patrons: sources.recipients, now: start)
        // Most are kept already; only the others are written out, from their books and patrons.
        let unknown = known.unknown(all.map(\.key))
        let kept = try await outbox.kept(unknown)
        known.insert(kept)
        let fresh = Set(unknown).subtracting(kept)
        let due = all.filter { fresh.contains($0.key) }
        let books = Dictionary(try await library.store.books(ids: Array(Set(due.map(\.bookID)))).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var patrons: [Patron.ID: Patron] = [:]
        for id in Set(due.map(\.patronID)) { patrons[id] = try await library.store.patron(.id(id)) }
        let loans = Dictionary(sources.loans.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let holds = Dictionary(sources.holds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sent = try await outbox.overdueLettersSent(about: due.compactMap { if case .overdue = $0.kind { $0.loanID } else { nil } })
        let written = due.compactMap { reminder -> ReminderLetter? in
            guard let patron = patrons[reminder.patronID], let book = books[reminder.bookID] else { return nil }
            return letters.letter(reminder, patron: patron, book: book, loan: reminder.loanID.flatMap { loans[$0] }, hold: reminder.holdID.flatMap { holds[$0] },
                                  overdueLettersSent: reminder.loanID.flatMap { sent[$0] } ?? 0)
        }
        round.queued = try await outbox.enqueue(written, at: start)
        known.insert(Set(written.map(\.reminder.key)))
        for outbox in [outbox] + others {
            let pass = try await sender.send(outbox)
            round.sent += pass.sent
            round.retrying += pass.retrying
            round.failed += pass.failed
            round.lastError = pass.lastError ?? round.lastError
        }
        return round
    }
}

/// The keys a sender knows the outbox has, at most a million (then forgotten, and asked about again).
private final class KnownKeys: Sendable {
    private let keys = Mutex<Set<String>>([])

    /// Those of `keys` not known, in their order.
    func unknown(_ keys: [String]) -> [String] {
        self.keys.withLock { known in keys.filter { !known.contains($0) } }
    }

    func insert(_ kept: Set<String>) {
        keys.withLock { known in
            if known.count + kept.count > 1_000_000 { known.removeAll() }
            known.formUnion(kept)
        }
    }
}
