import Foundation
import ListorKit
import Tagged

/// The outbox as the library API writes it: `{"reminders": [{"id": 4, "kind": "overdue-1",
/// "patronId": 3, "bookId": 1, "to": "ann@example.org", "subject": …, "state": "queued",
/// "attempts": 1, "queued": "2026-11-27 09:00:00", "nextAttempt": …, "ended": null,
/// "lastError": "… answered 451 …", …}], "counts": {"queued": 1, "sent": 0, "failed": 0,
/// "withdrawn": 0}, "page": 1, "perPage": 50}`. Reading it back is `OutboxPage`'s conformance.
public enum ReminderJSON {
    public static func value(_ page: OutboxPage) -> JSONValue {
        .members([
            ("reminders", .array(page.messages.map(value))),
            ("counts", .members(OutboxMessage.State.allCases.map { ($0.rawValue, .number(Double(page.counts[$0] ?? 0))) })),
            ("page", .number(Double(page.number))), ("perPage", .number(Double(page.size))),
        ])
    }

    public static func value(_ message: OutboxMessage) -> JSONValue {
        func date(_ value: Date?) -> JSONValue { value.map { .string(LibraryDate.text($0)) } ?? .null }
        func id(_ value: Int64?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        let reminder = message.letter.reminder
        return .members([
            ("id", id(message.id.rawValue)), ("key", .string(reminder.key)), ("kind", .string(reminder.kind.name)),
            ("patronId", id(reminder.patronID.rawValue)), ("bookId", id(reminder.bookID.rawValue)), ("loanId", id(reminder.loanID?.rawValue)),
            ("holdId", id(reminder.holdID?.rawValue)), ("due", date(reminder.due)), ("to", .string(message.letter.recipient)),
            ("toName", .string(message.letter.recipientName)), ("subject", .string(message.letter.subject)), ("body", .string(message.letter.body)),
            ("state", .string(message.state.rawValue)), ("attempts", .number(Double(message.attempts))), ("queued", date(message.queued)),
            ("nextAttempt", date(message.nextAttempt)), ("ended", date(message.ended)), ("lastError", message.lastError.map(JSONValue.string) ?? .null),
        ])
    }
}

extension OutboxMessage: JSONValueDecodable {
    private enum Key: String, CodingKey { case id, key, kind, patronId, bookId, loanId, holdId, due, to, toName, subject, body, state, attempts, queued, nextAttempt, ended, lastError }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        func required(_ key: Key) throws -> Date {
            guard let date = try BookJSON.date(fields, key) else { throw fields.invalid(key, "missing") }
            return date
        }
        guard let kind = Reminder.Kind(name: try fields.string(Key.kind)) else { throw fields.invalid(Key.kind, "not a kind of reminder") }
        let reminder = Reminder(kind: kind, patronID: Patron.ID(rawValue: try fields.integer(Int64.self, Key.patronId)),
                                bookID: Book.ID(rawValue: try fields.integer(Int64.self, Key.bookId)),
                                loanID: try fields.optionalInteger(Int64.self, Key.loanId).map(Loan.ID.init(rawValue:)),
                                holdID: try fields.optionalInteger(Int64.self, Key.holdId).map(Hold.ID.init(rawValue:)), due: try required(.due), key: try fields.string(Key.key))
        self.init(id: ID(rawValue: try fields.integer(Int64.self, Key.id)),
                  letter: ReminderLetter(reminder: reminder, recipient: try fields.string(Key.to), recipientName: try fields.string(Key.toName),
                                         subject: try fields.string(Key.subject), body: try fields.string(Key.body)),
                  state: try fields.choice(State.self, Key.state), attempts: try fields.integer(Int.self, Key.attempts), queued: try required(.queued),
                  nextAttempt: try required(.nextAttempt), ended: try BookJSON.date(fields, Key.ended), lastError: try fields.optionalString(Key.lastError))
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }
}

extension OutboxPage: JSONValueDecodable {
    private enum Key: String, CodingKey { case reminders, counts, page, perPage }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        let counts = try JSONFields(try fields.value(Key.counts), codingPath: fields.path(Key.counts))
        var byState: [OutboxMessage.State: Int] = [:]
        for state in OutboxMessage.State.allCases {
            byState[state] = try counts.optionalInteger(Int.self, AnyJSONKey(state.rawValue))
        }
        self.init(messages: try fields.array(of: OutboxMessage.self, Key.reminders), counts: byState, number: try fields.integer(Int.self, Key.page),
                  size: try fields.integer(Int.self, Key.perPage))
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }
}
