import Foundation
import ListorKit

/// The reminders' outbox as the librarian reads it: each letter, to whom, about what, and what
/// became of it; how many are in each state; and whether the server sends any at all.
public struct ReminderListViewModel: Sendable {
    public struct Row: Sendable, Hashable {
        public let message: OutboxMessage
        /// "Due soon", "Overdue (2)", "Hold ready".
        public let kind: String
        public let queued: String
        /// "sent 2026-11-27 09:00", "failed 2 times, tries again at …: … answered 451 …", …
        public let status: String
        /// Failed, or failing for now.
        public let isProblem: Bool
    }

    public let rows: [Row]
    /// Each state with its count, in a fixed order.
    public let counts: [(state: OutboxMessage.State, count: Int)]
    public let state: OutboxMessage.State?
    public let page: Int
    public let hasNext: Bool
    /// "Reminders go by smtp://… (STARTTLS)", or why none are sent.
    public let sending: String

    /// `destination` is where the server sends mail; nil when it has no mail server.
    public static func load(_ state: OutboxMessage.State?, page: Int, from library: any LibraryService, destination: String?,
                            timeZone: TimeZone, perPage: Int = 50) async throws -> ReminderListViewModel {
        let outbox = try await library.reminders(state, page: page, perPage: perPage + 1)
        func time(_ date: Date?) -> String { date.map { DateText.dateTime($0, timeZone: timeZone, seconds: false) } ?? "?" }
        let rows = outbox.messages.prefix(perPage).map { message in
            let (status, problem) = MailStatus.of(message.state, attempts: message.attempts, nextAttempt: message.nextAttempt, ended: message.ended,
                                                  lastError: message.lastError, timeZone: timeZone)
            return Row(message: message, kind: Self.kind(message.letter.reminder.kind), queued: time(message.queued), status: status, isProblem: problem)
        }
        return ReminderListViewModel(rows: Array(rows), counts: OutboxMessage.State.allCases.map { ($0, outbox.counts[$0] ?? 0) }, state: state,
                                     page: outbox.number, hasNext: outbox.messages.count > perPage,
                                     sending: destination.map { "Reminders are sent by \($0)." }
                                        ?? "No mail server is set (serve --smtp-url), so no reminders are sent. Print overdue letters from each patron's page.")
    }

    /// "Due soon", "Overdue (2)", "Hold ready".
    public static func kind(_ kind: Reminder.Kind) -> String {
        switch kind {
        case .dueSoon: "Due soon"
        case .overdue(let number): number == 1 ? "Overdue" : "Overdue (\(number))"
        case .holdReady: "Hold ready"
        }
    }
}
