import Library
import ListorKit

/// What `library/reminders.mustache` shows: the outbox's letters, a filter per state with its
/// count, and whether the server sends reminders at all.
struct RemindersPage: Encodable {
    struct Filter: Encodable {
        let name: String
        let label: String
        let href: String
        let count: Int
        let current: Bool
    }

    struct Row: Encodable {
        let kind: String
        let to: String
        let patronHref: String
        let bookHref: String
        let subject: String
        let queued: String
        let status: String
        let isProblem: Bool
    }

    let sending: String
    let filters: [Filter]
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String
    let previous: String?
    let next: String?
    let hasPages: Bool

    init(_ view: ReminderListViewModel) {
        sending = view.sending
        let all = view.counts.reduce(0) { $0 + $1.count }
        func href(_ state: OutboxMessage.State?, page: Int = 1) -> String {
            "/library/reminders" + ([state.map { "state=\($0.rawValue)" }, page > 1 ? "page=\(page)" : nil].compactMap { $0 }.joined(separator: "&")).prefixed
        }
        filters = [Filter(name: "all", label: "All", href: href(nil), count: all, current: view.state == nil)]
            + view.counts.map { Filter(name: $0.state.rawValue, label: Self.label($0.state), href: href($0.state), count: $0.count, current: view.state == $0.state) }
        rows = view.rows.map { row in
            let letter = row.message.letter
            return Row(kind: row.kind, to: "\(letter.recipientName) <\(letter.recipient)>", patronHref: "/library/patrons/\(letter.reminder.patronID)",
                       bookHref: "/library/books/\(letter.reminder.bookID)", subject: letter.subject, queued: row.queued, status: row.status, isProblem: row.isProblem)
        }
        hasRows = !rows.isEmpty
        emptyMessage = view.state.map { "No reminder is \(Self.label($0).lowercased())." } ?? "No reminder has been queued yet."
        previous = view.page > 1 ? href(view.state, page: view.page - 1) : nil
        next = view.hasNext ? href(view.state, page: view.page + 1) : nil
        hasPages = previous != nil || next != nil
    }

    static func label(_ state: OutboxMessage.State) -> String {
        switch state {
        case .queued: "Queued"
        case .sent: "Sent"
        case .failed: "Failed"
        case .withdrawn: "Not sent"
        }
    }
}

private extension String {
    /// "?a=b" for a query, "" for none.
    var prefixed: String { isEmpty ? "" : "?" + self }
}
