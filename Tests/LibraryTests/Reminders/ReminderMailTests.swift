import Foundation
import Library
import ListorKit
import ListorSMTP
import ListorTestSupport
import Testing

/// The sender with the real mail client, against aiosmtpd: a letter the server puts off ("451")
/// is shown as failing for now, tried again after its minute, and then delivered, once.
@Suite struct ReminderMailTests {
    @Test func aLetterPutOffByTheMailServerIsTriedAgainAndDeliveredOnce() async throws {
        guard !(await SMTPTestServer.isMissing()) else { return }
        try await StoreKind.sqlite.withStore { store in
            try await SMTPTestServer.with(defer: 1) { smtp in
                let clock = TestClock()
                let library = LocalLibrary(store: store, now: { clock.now })
                let mailer = try SMTPMailer(try SMTPSettings(url: "smtp://127.0.0.1:\(smtp.port)?tls=none", environment: [:]))
                let sender = ReminderSender(library: library, outbox: store, policy: try ReminderPolicy(dueSoonDays: 2, overdueDays: [1]),
                                            letters: ReminderLetters(timeZone: TimeZone(identifier: "UTC")!),
                                            sender: OutboxSender(mail: mailer.transport, from: try MailAddress("library@example.org", name: "Prolific Library"),
                                                                 name: "node-1", now: { clock.now }),
                                            now: { clock.now })
                let dune = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
                let ann = try await library.addPatron(PatronForm(name: "Ann Brontë", card: "C-1", email: "ann@example.org"))
                _ = try await library.checkOut(book: dune.id, to: .id(ann.id))
                clock.advance(days: 15)

                let first = try await sender.round()
                #expect(first.queued == 1 && first.retrying == 1 && first.sent == 0)
                #expect(first.lastError?.contains("answered 451 4.3.0 try again later") == true, "\(String(describing: first.lastError))")
                let waiting = try await library.reminders(.queued, page: 1, perPage: 10).messages
                #expect(waiting.map(\.attempts) == [1] && waiting.first?.nextAttempt == clock.now.addingTimeInterval(60))
                #expect(try smtp.received().isEmpty)

                clock.advance(days: 61.0 / 86_400)
                #expect(try await sender.round() == ReminderSender.Round(sent: 1))
                #expect(try await sender.round() == ReminderSender.Round())
                let received = try smtp.received()
                #expect(received.count == 1)
                #expect(received.first?.to == ["ann@example.org"] && received.first?.subject == "Overdue: “Dune”")
                #expect(received.first?.headerTo == "Ann Brontë <ann@example.org>")
                let sent = try await library.reminders(.sent, page: 1, perPage: 10).messages
                #expect(sent.map(\.attempts) == [2] && sent.first?.lastError == nil)
            }
        }
    }
}
