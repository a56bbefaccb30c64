import Foundation
import HTTPTypes
import Hummingbird
import Library
import ListorKit
import Tagged

/// The patrons' pages under `/library/patrons`: the list and its search, a patron, the add and
/// edit form, and merging two records of one person. With an admin token, only the signed-in
/// librarian sees them: the records hold email addresses and phone numbers. Every form is a
/// plain POST that redirects and carries the CSRF token.
struct PatronPages: Sendable {
    let library: any LibraryService
    let access: LibraryAccess
    let maximumBodySize: Int
    let templates: Templates
    /// Where reminders are sent; nil when the server sends none.
    let reminderDestination: String?
    let letters: ReminderLetters
    let now: @Sendable () -> Date

    private var desk: CirculationDesk { CirculationDesk(library: library) }

    func addRoutes(to router: RouteTable) {
        router.get("/library/patrons", use: list)
        router.get("/library/patrons/new", use: newPatron)
        router.post("/library/patrons", use: addPatron)
        router.get("/library/patrons/:patron", use: show)
        router.get("/library/patrons/:patron/edit", use: edit)
        router.post("/library/patrons/:patron", use: save)
        router.post("/library/patrons/:patron/merge", use: merge)
        router.post("/library/patrons/:patron/checkout", use: checkOut)
        router.post("/library/patrons/:patron/delete", use: delete)
        router.post("/library/patrons/:patron/loans/:id/renew", use: renew)
        router.post("/library/patrons/:patron/loans/:id/checkin", use: checkIn)
        router.get("/library/patrons/:patron/letter", use: letter)
        router.get("/library/reminders", use: reminders)
    }

    /// The patron's overdue letter, to print.
    @Sendable func letter(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let id = try Self.id(context)
        if let signIn = access.signIn(session, for: .patrons, next: "/library/patrons/\(id)/letter") { return signIn }
        let view = try await OverdueLetterViewModel.load(id, from: library, letters: letters, now: now())
        return session.page(try templates.html(LetterPage(view), as: .libraryLetter))
    }

    /// The reminders' outbox: what was sent, what waits, what failed and why.
    @Sendable func reminders(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        if let signIn = access.signIn(session, for: .patrons, next: "/library/reminders") { return signIn }
        let parameters = QueryPairs.parameters(of: request)
        let state = try parameters["state"].map { text in
            guard let state = OutboxMessage.State(rawValue: text) else {
                throw WebError(.badRequest, title: "No such reminders", message: "state=\(text.prefix(40)) is not one of \(OutboxMessage.State.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return state
        }
        let page = parameters["page"].flatMap { Int(digits: $0) }.map { min(max($0, 1), 100_000) } ?? 1
        let view = try await ReminderListViewModel.load(state, page: page, from: library, destination: reminderDestination, timeZone: session.timeZone)
        return session.page(try templates.html(RemindersPage(view), as: .libraryReminders))
    }

    @Sendable func list(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        if let signIn = access.signIn(session, for: .patrons, next: "/library/patrons") { return signIn }
        let parameters = QueryPairs.parameters(of: request)
        let search = parameters["search"] ?? ""
        let patrons = try await library.patrons(search: search, page: 1, perPage: 200)
        return session.page(try templates.html(PatronsPage(patrons, search: search, notice: Notice.text(parameters["notice"])), as: .libraryPatrons))
    }

    @Sendable func newPatron(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        if let signIn = access.signIn(session, for: .patrons, next: "/library/patrons/new") { return signIn }
        return session.page(try templates.html(PatronFormPage(PatronForm(), categories: library.categories, csrf: session.token), as: .libraryPatronForm))
    }

    @Sendable func addPatron(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let fields = try await session.checkedForm(PatronPageForm.self, from: request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .patrons)
        do {
            let patron = try await desk.addPatron(fields.patron)
            return LibraryPages.redirect("/library/patrons/\(patron.id)?notice=patron-added")
        } catch let errors as FieldErrors {
            return session.page(try templates.html(PatronFormPage(fields.patron, categories: library.categories, csrf: session.token, errors: errors), as: .libraryPatronForm, status: .badRequest))
        }
    }

    @Sendable func show(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let id = try Self.id(context)
        if let signIn = access.signIn(session, for: .patrons, next: "/library/patrons/\(id)") { return signIn }
        let page = try await page(id, session, notice: Notice.text(QueryPairs.parameters(of: request)["notice"]))
        return session.page(try templates.html(page, as: .libraryPatron))
    }

    @Sendable func edit(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let id = try Self.id(context)
        if let signIn = access.signIn(session, for: .patrons, next: "/library/patrons/\(id)/edit") { return signIn }
        let patron = try await library.patron(id: id)
        return session.page(try templates.html(PatronFormPage(PatronForm(patron), editing: patron, categories: library.categories, csrf: session.token), as: .libraryPatronForm))
    }

    @Sendable func save(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let fields = try await session.checkedForm(PatronPageForm.self, from: request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .patrons)
        let id = try Self.id(context)
        let version = fields.version.flatMap { Int(digits: $0) }
        do {
            _ = try await desk.editPatron(id: id, fields.patron, ifVersion: version)
            return LibraryPages.redirect("/library/patrons/\(id)?notice=patron-saved")
        } catch let errors as FieldErrors {
            let patron = try await library.patron(id: id)
            return session.page(try templates.html(PatronFormPage(fields.patron, editing: patron, categories: library.categories, csrf: session.token, errors: errors), as: .libraryPatronForm,
                                                   status: .badRequest))
        } catch LibraryError.patronChanged {
            // The form again on the record as it is now, with what was typed, and why.
            let patron = try await library.patron(id: id)
            let errors = FieldErrors([FieldError(field: "name", message: "The record changed since this form was shown; check it and save again")])
            return session.page(try templates.html(PatronFormPage(fields.patron, editing: patron, categories: library.categories, csrf: session.token, errors: errors), as: .libraryPatronForm,
                                                   status: .preconditionFailed))
        }
    }

    @Sendable func merge(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let fields = try await session.checkedForm(PatronPageForm.self, from: request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .patrons)
        let id = try Self.id(context)
        let from = fields.from ?? ""
        do {
            _ = try await desk.mergePatrons(keep: id, merge: try MergeBody.patron(from))
            return LibraryPages.redirect("/library/patrons/\(id)?notice=merged")
        } catch let errors as FieldErrors {
            let page = try await page(id, session, from: from, fromError: errors.errors.first?.message)
            return session.page(try templates.html(page, as: .libraryPatron, status: .badRequest))
        } catch LibraryError.patronNotFound(let other) where other != id {
            let page = try await page(id, session, from: from, fromError: "there is no patron \(other)")
            return session.page(try templates.html(page, as: .libraryPatron, status: .notFound))
        }
    }

    // MARK: The desk, patron first

    /// A book checked out to the patron, named by its id or its ISBN, as Koha's and Libib's
    /// desks take it; the page again, with the reason beside the field, when it is not.
    @Sendable func checkOut(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let fields = try await session.checkedForm(PatronPageForm.self, from: request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .lending)
        let id = try Self.id(context)
        let (book, due) = (fields.book ?? "", fields.due ?? "")
        do {
            _ = try await desk.checkOut(book: try await desk.book(idOrISBN: book), to: .id(id), due: try CirculationDesk.due(due))
            return LibraryPages.redirect("/library/patrons/\(id)?notice=checked-out")
        } catch let errors as FieldErrors {
            let page = try await page(id, session, desk: PatronPage.Desk(book: book, due: due, problem: errors.errors.map(\.message).joined(separator: "; ")))
            return session.page(try templates.html(page, as: .libraryPatron, status: .badRequest))
        } catch let error as LibraryError where error.isRefusal {
            let page = try await page(id, session, desk: PatronPage.Desk(book: book, due: due, problem: "Not checked out: \(error.description)."))
            return session.page(try templates.html(page, as: .libraryPatron, status: .conflict))
        }
    }

    /// Deletes the patron, back to the list; refused on their page, saying why, while they have
    /// books out or holds.
    @Sendable func delete(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        _ = try await session.checkedForm(PatronPageForm.self, from: request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .patrons)
        let id = try Self.id(context)
        do {
            try await desk.deletePatron(id: id)
            return LibraryPages.redirect("/library/patrons?notice=patron-deleted")
        } catch let error as LibraryError where error.isRefusal {
            let page = try await page(id, session, desk: PatronPage.Desk(problem: "Not deleted: \(error.description)."))
            return session.page(try templates.html(page, as: .libraryPatron, status: .conflict))
        }
    }

    @Sendable func renew(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await loanAction(request, context, done: "renewed", refused: "Not renewed") { try await desk.renew(book: $0) }
    }

    @Sendable func checkIn(_ request: Request, context: WebRequestContext) async throws -> Response {
        // Checked in twice (a second tab), it is back either way.
        try await loanAction(request, context, done: "checked-in", refused: "Not checked in") { book in
            do { _ = try await desk.checkIn(book: book) } catch LibraryError.notOnLoan {}
        }
    }

    /// A renewal or a check-in from the patron's list of what they have, back to their page.
    private func loanAction(_ request: Request, _ context: WebRequestContext, done: String, refused: String,
                            _ action: (Book.ID) async throws -> some Sendable) async throws -> Response {
        let session = PageSession(request, access: access)
        _ = try await session.checkedForm(PatronPageForm.self, from: request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .lending)
        let id = try Self.id(context)
        do {
            _ = try await action(try LibraryPages.id(context))
            return LibraryPages.redirect("/library/patrons/\(id)?notice=\(done)")
        } catch let error as LibraryError where error.isRefusal {
            let page = try await page(id, session, desk: PatronPage.Desk(problem: "\(refused): \(error.description)."))
            return session.page(try templates.html(page, as: .libraryPatron, status: .conflict))
        }
    }

    private func page(_ id: Patron.ID, _ session: PageSession, notice: String? = nil, from: String = "", fromError: String? = nil,
                      desk: PatronPage.Desk = PatronPage.Desk()) async throws -> PatronPage {
        let view = try await PatronViewModel.load(id, from: library, now: now(), timeZone: session.timeZone)
        let ids = Array(Set(view.current.map(\.bookID) + view.past.map(\.bookID) + view.holds.map(\.hold.bookID)))
        let titles = Dictionary(try await library.books(ids: ids).map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        return PatronPage(view, titles: titles, csrf: session.token, notice: notice, from: from, fromError: fromError, desk: desk)
    }

    static func id(_ context: WebRequestContext) throws -> Patron.ID {
        let text = try context.parameters.require("patron")
        guard let id = Int64(text), id > 0 else {
            throw WebError(.notFound, title: "No such patron", message: "Patron ids are whole numbers; \"\(text.prefix(40))\" is not one.")
        }
        return Patron.ID(rawValue: id)
    }
}
