import Foundation
import ListorKit
import Synchronization

/// Sends the library's reminders, a round at a time: lets holds not collected in time pass on
/// (which sets books aside for the next in their queues), keeps a letter in the outbox for each
/// reminder that fell due, then sends the letters it claims. Several nodes may run rounds at
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
    private let mail: MailTransport
    private let from: MailAddress
    /// This node's name in the outbox's claims.
    private let name: String
    private let lease: Duration
    private let now: @Sendable () -> Date
    /// Keys this sender knows the outbox has: a key once kept stays kept, so the outbox is asked
    /// only about the others, rather than about every reminder due in every round.
    private let known = KnownKeys()

    /// `lease` must outlast one send (the mail transport's own timeout): a claim that lapses
    /// lets another node send the letter again. A letter is claimed just before it is sent, one
    /// at a time, so that the lease covers the send it protects however slow the others were.
    public init(library: LocalLibrary, outbox: any ReminderOutbox, policy: ReminderPolicy, letters: ReminderLetters, mail: MailTransport, from: MailAddress,
                name: String, lease: Duration = .seconds(300), now: @escaping @Sendable () -> Date = Date.init) {
        self.library = library
        self.outbox = outbox
        schedule = ReminderSchedule(policy: policy)
        self.letters = letters
        self.mail = mail
        self.from = from
        self.name = name
        self.lease = lease
        self.now = now
    }

    /// Where the letters go, for messages.
    public var destination: String { mail.destination }

    /// How long to wait after failed attempt `attempt` (from 1): a minute, then four times
    /// longer each time up to six hours; nil after the eighth, when the letter has failed for
    /// good (about a day after the first attempt).
    public static func retryDelay(afterAttempt attempt: Int) -> Duration? {
        guard attempt < 8 else { return nil }
        return .seconds(min(60 * Int(pow(4, Double(attempt - 1))), 6 * 3600))
    }

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
        while let message = try await outbox.claim(limit: 1, now: now(), lease: now().addingTimeInterval(lease.timeInterval), sender: name).first {
            try await send(message, into: &round)
        }
        return round
    }

    private func send(_ message: OutboxMessage, into round: inout Round) async throws {
        let outcome: OutboxOutcome
        do {
            let to = try MailAddress(message.letter.recipient, name: message.letter.recipientName)
            try await mail.send(MailMessage(from: from, to: to, subject: message.letter.subject, body: message.letter.body,
                                            id: "reminder-\(message.id)", date: now()))
            outcome = .sent(at: now())
            round.sent += 1
        } catch let error as MailError {
            round.lastError = error.description
            if error.isTransient, let delay = Self.retryDelay(afterAttempt: message.attempts) {
                outcome = .retry(at: now(), retry: now().addingTimeInterval(delay.timeInterval), error: error.description)
                round.retrying += 1
            } else {
                outcome = .failed(at: now(), error: error.description)
                round.failed += 1
            }
        }
        try await outbox.record(outcome, of: message.id, sender: name)
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
