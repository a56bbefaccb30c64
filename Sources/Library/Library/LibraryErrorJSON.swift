import Foundation
import ListorKit
import Tagged

/// The library's refusals of circulation as the API answers them, beside `error`: `reason`
/// names the kind, and the members that say the rest, so that a client makes the same
/// `LibraryError` of them (`RemoteLibrary` does).
public enum LibraryErrorJSON {
    /// The members for `error`; none for the refusals the original API already describes.
    public static func members(_ error: LibraryError) -> [(String, JSONValue)] {
        func number<T: BinaryInteger>(_ value: T) -> JSONValue { .number(Double(value)) }
        let details: [(String, JSONValue)] = switch error {
        case .notFound, .onLoan, .notOnLoan, .versionMismatch: []
        case .patronNotFound(let id): [("patron", number(id.rawValue))]
        case .patronChanged(_, let current): [("version", number(current))]
        case .cardNotFound(let card): [("card", .string(card))]
        case .cardTaken(let card, let other): [("card", .string(card)), ("patron", number(other.rawValue))]
        case .loanLimit(let patron, let limit): [("patronName", .string(patron)), ("limit", number(limit))]
        case .held(_, let patron, let ready, let until):
            [("patronName", .string(patron)), ("ready", .bool(ready))] + (until.map { [("until", .string(LibraryDate.text($0)))] } ?? [])
        case .renewalLimit(_, let limit): [("limit", number(limit))]
        case .renewalHeld(_, let holds): [("holds", number(holds))]
        case .alreadyHolds(_, let patron, let hold): [("patronName", .string(patron)), ("hold", number(hold.rawValue))]
        case .holdsOwnLoan(_, let patron): [("patronName", .string(patron))]
        case .holdNotFound(let hold, _): [("hold", number(hold.rawValue))]
        case .patronBusy(let name, let loans, let holds): [("patronName", .string(name)), ("loans", number(loans)), ("holds", number(holds))]
        }
        return details.isEmpty ? [] : [("reason", .string(error.reason))] + details
    }

    /// The error an answer's members describe, for the book `book` the request was about; nil
    /// when they describe none of these.
    public static func error(_ json: JSONValue, book: Book.ID?) -> LibraryError? {
        func int(_ key: String) -> Int64? { if case .number(let value)? = json[key] { Int64(exactly: value) } else { nil } }
        let name = json["patronName"]?.stringValue ?? ""
        let id = book ?? 0
        switch json["reason"]?.stringValue {
        case "patronNotFound": return int("patron").map { .patronNotFound(id: Patron.ID(rawValue: $0)) }
        case "patronChanged": return int("version").map { .patronChanged(id: 0, current: Int($0)) }
        case "cardNotFound": return json["card"]?.stringValue.map { .cardNotFound(card: $0) }
        case "cardTaken": return json["card"]?.stringValue.map { .cardTaken(card: $0, by: Patron.ID(rawValue: int("patron") ?? 0)) }
        case "loanLimit": return int("limit").map { .loanLimit(patron: name, limit: Int($0)) }
        case "held":
            guard case .bool(let ready)? = json["ready"] else { return nil }
            return .held(id: id, for: name, ready: ready, until: json["until"]?.stringValue.flatMap(LibraryDate.date))
        case "renewalLimit": return int("limit").map { .renewalLimit(id: id, limit: Int($0)) }
        case "renewalHeld": return int("holds").map { .renewalHeld(id: id, holds: Int($0)) }
        case "alreadyHolds": return int("hold").map { .alreadyHolds(id: id, patron: name, hold: Hold.ID(rawValue: $0)) }
        case "holdsOwnLoan": return .holdsOwnLoan(id: id, patron: name)
        case "holdNotFound": return int("hold").map { .holdNotFound(id: Hold.ID(rawValue: $0), book: id) }
        case "patronBusy": return .patronBusy(name: name, loans: Int(int("loans") ?? 0), holds: Int(int("holds") ?? 0))
        default: return nil
        }
    }
}
