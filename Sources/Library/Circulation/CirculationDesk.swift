import Foundation
import ListorKit
import Tagged

/// What the librarian does at the desk, by the library's rules: lends a book to a patron, takes
/// it back and learns who it is now set aside for, renews it, places and cancels holds, and keeps
/// the patrons' records. Each is one write; a refusal is thrown as the `LibraryError` or
/// `FieldErrors` that says why.
public struct CirculationDesk: Sendable {
    private let library: any LibraryService

    public init(library: any LibraryService) {
        self.library = library
    }

    /// Who a request names: a patron's id (`patron`), a card number (`card`), or the original
    /// clients' free-text name (`name`); nil when none is given. Two at once, or an id that is not
    /// one, is refused naming the field.
    public static func patron(id: String?, card: String?, name: String? = nil) throws(FieldErrors) -> PatronReference? {
        let given = [("patron", id), ("card", card), ("lastCheckedOutBy", name)].compactMap { field, value in value.map { (field, $0.trimmed()) } }
        guard given.count <= 1 else {
            throw FieldErrors([FieldError(field: given[1].0, message: "names a second patron; give one of patron, card and lastCheckedOutBy")])
        }
        guard let (field, value) = given.first else { return nil }
        switch field {
        case "patron":
            guard let number = Int64(value), number > 0 else { throw FieldErrors([FieldError(field: "patron", message: "\"\(value.prefix(30))\" is not a patron's id")]) }
            return .id(Patron.ID(rawValue: number))
        case "card":
            guard !value.isEmpty else { throw FieldErrors([FieldError(field: "card", message: "is empty")]) }
            return .card(value)
        default:
            return .name(try BookForm.borrower(value).get())
        }
    }

    /// A due date as a request gives it: "2026-12-01 17:00:00" (UTC) or "2026-12-01" (the end of that day, UTC).
    public static func due(_ text: String?) throws(FieldErrors) -> Date? {
        guard let text = text?.trimmed(), !text.isEmpty else { return nil }
        if let date = LibraryDate.date(text) { return date }
        if let day = LibraryDate.date(text + " 23:59:59") { return day }
        throw FieldErrors([FieldError(field: "due", message: "\"\(text.prefix(30))\" is not a date (2026-12-01, or 2026-12-01 17:00:00 in UTC)")])
    }

    /// Lends the book to what the librarian typed: the patron whose card it is, else the patron
    /// of that name, found and lent in one write. A card or name no patron has is refused with
    /// the closest patrons ("did you mean Ann Smith (C-1001)?"); with `newPatron`, a patron of
    /// that name is made, as an act of its own, in the same write.
    public func checkOut(book id: Book.ID, cardOrName text: String, newPatron: Bool = false, due: Date? = nil) async throws -> CirculationOutcome {
        let typed: String
        do { typed = try BookForm.borrower(text).get() } catch { throw FieldErrors(error.errors.map { FieldError(field: "borrower", message: $0.message) }) }
        do {
            return try await library.checkOut(book: id, to: newPatron ? .name(typed) : .cardOrName(typed), due: due, ifVersion: nil)
        } catch LibraryError.cardNotFound(let card) where card == typed {
            throw try await unknown(typed, field: "borrower")
        }
    }

    /// The existing patron a librarian typed: the one whose card it is, else the patron of that
    /// name; a `FieldError` of `field` naming the closest patrons otherwise.
    public func patron(cardOrName text: String, field: String = "holder") async throws -> PatronReference {
        let typed = text.trimmed()
        guard !typed.isEmpty else { throw FieldErrors([FieldError(field: field, message: "is required: a patron's card number or name")]) }
        if let patron = try? await library.patron(card: typed) { return .id(patron.id) }
        // A patron of that very name is the first the search lists.
        if let patron = try await library.patrons(search: typed, page: 1, perPage: 1).first, PatronSearch.key(of: patron.name) == PatronSearch.key(of: typed) {
            return .id(patron.id)
        }
        throw try await unknown(typed, field: field)
    }

    /// That no patron has the card or the name `typed`, with the closest patrons: found by the
    /// start of each of its words, then ranked by how few edits make a name or card the one typed.
    private func unknown(_ typed: String, field: String) async throws -> FieldErrors {
        var found: [Patron.ID: Patron] = [:]
        for word in typed.split(whereSeparator: { $0.isWhitespace }) where word.count >= 2 {
            for patron in try await library.patrons(search: String(word.prefix(3)), page: 1, perPage: 100) { found[patron.id] = patron }
        }
        let candidates = found.values.sorted { $0.id.rawValue < $1.id.rawValue }
        let names = ClosestMatches.indices(to: typed, count: candidates.count, limit: 3, folded: { FoldedText(candidates[$0].name).utf8 }, order: { $0 })
        let cards = ClosestMatches.indices(to: typed, count: candidates.count, limit: 3, folded: { FoldedText(candidates[$0].card ?? "").utf8 }, order: { $0 })
        var seen = Set<Int>()
        let named = (names + cards).filter { seen.insert($0).inserted }.prefix(3).map { index -> String in
            let patron = candidates[index]
            return patron.card.map { "\(patron.name) (\($0))" } ?? patron.name
        }
        let guess = named.isEmpty ? "" : "; did you mean " + named.joined(separator: " or ") + "?"
        return FieldErrors([FieldError(field: field, message: "no patron has the card or the name “\(typed.prefix(60))”\(guess)")])
    }

    public func checkOut(book id: Book.ID, to patron: PatronReference, due: Date? = nil, ifVersion: Int? = nil) async throws -> CirculationOutcome {
        try await library.checkOut(book: id, to: patron, due: due, ifVersion: ifVersion)
    }

    /// The book the desk names by its id or by its ISBN (as a scanner reads it off the back);
    /// `FieldErrors` on `field` when no book is found so.
    public func book(idOrISBN text: String, field: String = "book") async throws -> Book.ID {
        let typed = text.trimmingCharacters(in: .whitespaces)
        if let isbn = try? ISBN(typed) {
            let found = try await library.books(BookQuery(search: isbn.digits), page: 1, perPage: 10).books.first { $0.isbn == isbn.digits }
            guard let found else { throw FieldErrors([FieldError(field: field, message: "no book has the ISBN \(isbn.digits)")]) }
            return found.id
        }
        guard let number = Int64(typed), number > 0 else {
            throw FieldErrors([FieldError(field: field, message: typed.isEmpty ? "is required: a book's id or its ISBN" : "\"\(typed.prefix(40))\" is neither a book's id nor an ISBN")])
        }
        do { return try await library.book(id: Book.ID(rawValue: number)).id } catch LibraryError.notFound {
            throw FieldErrors([FieldError(field: field, message: "there is no book \(number)")])
        }
    }

    public func checkIn(book id: Book.ID) async throws -> CirculationOutcome {
        try await library.checkIn(book: id)
    }

    public func renew(book id: Book.ID) async throws -> CirculationOutcome {
        try await library.renew(book: id)
    }

    public func placeHold(on id: Book.ID, for patron: PatronReference) async throws -> CirculationOutcome {
        try await library.placeHold(on: id, for: patron)
    }

    public func cancelHold(_ hold: Hold.ID, on id: Book.ID) async throws -> CirculationOutcome {
        try await library.cancelHold(hold, on: id)
    }

    /// A patron cancels their own hold, proving it is theirs by their card: nobody but the
    /// librarian cancels another patron's hold.
    public func cancelOwnHold(_ hold: Hold.ID, on id: Book.ID, card: String?) async throws -> CirculationOutcome {
        guard let found = try await library.queue(of: id).first(where: { $0.id == hold }) else { throw LibraryError.holdNotFound(id: hold, book: id) }
        let typed = card?.trimmed() ?? ""
        let owner = typed.isEmpty ? nil : try? await library.patron(card: typed)
        guard owner?.id == found.patronID else {
            throw FieldErrors([FieldError(field: "card", message: "is not the card of the patron whose hold it is: only they, or the librarian, may cancel it")])
        }
        return try await library.cancelHold(hold, on: id)
    }

    public func addPatron(_ form: PatronForm) async throws -> Patron {
        try await library.addPatron(form)
    }

    public func editPatron(id: Patron.ID, _ form: PatronForm, ifVersion: Int?) async throws -> Patron {
        try await library.editPatron(id: id, form, ifVersion: ifVersion)
    }

    /// Deletes the patron; refused, saying why, while they have books out or holds.
    public func deletePatron(id: Patron.ID) async throws {
        try await library.deletePatron(id: id)
    }

    public func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron {
        guard kept != merged else { throw FieldErrors([FieldError(field: "from", message: "is the patron itself")]) }
        return try await library.mergePatrons(keep: kept, merge: merged)
    }
}
