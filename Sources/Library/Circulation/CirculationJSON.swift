import Foundation
import ListorKit
import Tagged

/// Patrons and holds as the library API writes them: `{"id": 3, "name": "Ann", "card": "C-1",
/// "email": …, "phone": …, "notes": …, "address": "1 Elm St\nLeeds", "category": "child", "remindersOff": false,
/// "version": 1, "url": "/patrons/3"}`
/// and `{"id": 9, "bookId": 1, "patronId": 3, "patron": "Ann", "place": 1, "state": "waiting",
/// "placed": "2026-11-03 16:06:00", "readyAt": …, "expires": …, "ended": …}` (dates in UTC, as
/// books'). Reading them back is `Patron` and `Hold`'s `JSONValueDecodable` conformance.
public enum CirculationJSON {
    public static func value(_ patron: Patron) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .members([
            ("id", .number(Double(patron.id.rawValue))), ("name", .string(patron.name)), ("card", text(patron.card)), ("email", text(patron.email)),
            ("phone", text(patron.phone)), ("notes", text(patron.notes)), ("address", text(patron.address)),
            ("category", text(patron.category)), ("remindersOff", .bool(patron.remindersOff)),
            ("version", .number(Double(patron.version))), ("url", .string("/patrons/\(patron.id.rawValue)")),
        ])
    }

    /// The hold, with its `place` in the queue when it is in one; visitors are not told whose it is.
    public static func value(_ hold: Hold, place: Int? = nil, audience: Audience = .staff) -> JSONValue {
        func date(_ value: Date?) -> JSONValue { value.map { .string(LibraryDate.text($0)) } ?? .null }
        let whose: [(String, JSONValue)] = audience == .staff
            ? [("patronId", .number(Double(hold.patronID.rawValue))), ("patron", .string(hold.patronName))] : []
        return .members([("id", .number(Double(hold.id.rawValue))), ("bookId", .number(Double(hold.bookID.rawValue)))] + whose + [
            ("place", place.map { .number(Double($0)) } ?? .null), ("state", .string(hold.state.rawValue)),
            ("placed", date(hold.placed)), ("readyAt", date(hold.readyAt)), ("expires", date(hold.expires)), ("ended", date(hold.ended)),
        ])
    }

    /// A queue, each hold with its place.
    public static func value(queue: [Hold]) -> JSONValue {
        .array(queue.enumerated().map { value($0.element, place: $0.offset + 1) })
    }
}

extension Patron: JSONValueDecodable {
    private enum Key: String, CodingKey { case id, name, card, email, phone, notes, address, category, remindersOff, version }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(id: ID(rawValue: try fields.integer(Int64.self, Key.id)), name: try fields.string(Key.name), card: try fields.optionalString(Key.card),
                  email: try fields.optionalString(Key.email), phone: try fields.optionalString(Key.phone), notes: try fields.optionalString(Key.notes),
                  address: try fields.optionalString(Key.address), category: try fields.optionalString(Key.category),
                  remindersOff: fields.contains(Key.remindersOff) ? try fields.bool(Key.remindersOff) : false, version: try fields.optionalInteger(Int.self, Key.version) ?? 1)
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }
}

extension Hold: JSONValueDecodable {
    private enum Key: String, CodingKey { case id, bookId, patronId, patron, state, placed, readyAt, expires, ended }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        guard let placed = try BookJSON.date(fields, Key.placed) else { throw fields.invalid(Key.placed, "missing") }
        let state = try fields.choice(State.self, Key.state)
        self.init(id: ID(rawValue: try fields.integer(Int64.self, Key.id)), bookID: Book.ID(rawValue: try fields.integer(Int64.self, Key.bookId)),
                  // Visitors are not told whose a hold is.
                  patronID: Patron.ID(rawValue: try fields.optionalInteger(Int64.self, Key.patronId) ?? 0), patronName: try fields.optionalString(Key.patron) ?? "",
                  placed: placed,
                  state: state, readyAt: try BookJSON.date(fields, Key.readyAt), expires: try BookJSON.date(fields, Key.expires),
                  ended: try BookJSON.date(fields, Key.ended))
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }
}
