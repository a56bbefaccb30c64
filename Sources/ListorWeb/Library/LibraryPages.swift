import Foundation
import HTTPTypes
import Hummingbird
import Library
import ListorKit
import Tagged

/// The library's pages under `/library`: the list, a book, the add and edit form, a borrower,
/// and delete confirmation. Every form is a plain POST that redirects (POST-redirect-GET) and
/// carries a CSRF token that must match the browser's cookie. With an admin token, the
/// librarian signs in once (`/library/sign-in`) before changing the catalogue, and before
/// lending unless lending is open.
///
/// What the reader does happens in the core's view models; the routes here only call them and
/// show the outcome: a redirect when done, the page again with the reason when refused.
struct LibraryPages: Sendable {
    let library: any LibraryService
    let access: LibraryAccess
    let maximumBodySize: Int
    /// List pages as rendered (`ListPageKey`), while the library does not change.
    let listPages: RenderedPages<ListPageKey>
    let templates: Templates
    /// The time pages say things relative to ("5 min ago", overdue).
    let now: @Sendable () -> Date

    func addRoutes(to router: RouteTable) {
        router.get("/library", use: list)
        router.get("/library/borrowers/:name", use: showBorrower)
        router.get("/library/books/new", use: newBook)
        router.post("/library/books", use: addBook)
        router.get("/library/books/:id", use: showBook)
        router.get("/library/books/:id/edit", use: editBook)
        router.post("/library/books/:id", use: saveBook)
        router.post("/library/books/:id/checkout", use: checkOut)
        router.post("/library/books/:id/checkin", use: checkIn)
        router.post("/library/books/:id/renew", use: renew)
        router.post("/library/books/:id/holds", use: placeHold)
        router.post("/library/books/:id/holds/:hold/cancel", use: cancelHold)
        router.get("/library/books/:id/delete", use: confirmDelete)
        router.post("/library/books/:id/delete", use: delete)
        signInRoutes.addRoutes(to: router)
    }

    /// The librarian's sign-in pages.
    var signInRoutes: SignInRoutes {
        SignInRoutes(gate: access.gate, wording: .init(app: "Library", bodyClass: "library", who: "the librarian",
                                                       why: "Adding, editing and deleting books on this server needs the admin token that listor serve was started with.",
                                                       withoutToken: "This library has no admin token: everyone may change it.", afterSignOut: "/library?notice=signed-out"),
                     csrfPath: "/library", templates: templates)
    }

    private var actions: BookActions { BookActions(library: library) }
    private var desk: CirculationDesk { CirculationDesk(library: library) }

    // MARK: Books

    @Sendable func list(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let parameters = QueryPairs.parameters(of: request)
        let (wanted, errors) = BookListRequest.parse { parameters[$0] }
        let layout = BookListViewModel.Layout(rawValue: parameters["view"] ?? "") ?? .list
        let notice = Notice.text(parameters["notice"])
        let now = self.now()
        let render = {
            let list = try await BookListViewModel.load(wanted.query, page: wanted.page, perPage: wanted.perPage, layout: layout, from: library,
                                                        now: now, timeZone: session.timeZone, audience: try access.audience(of: request, context))
            let page = try BookListPage(list, errors: errors, notice: notice, templates: templates,
                                        offersSignIn: access.adminToken != nil && !session.isSignedIn, isLibrarian: session.isSignedIn)
            return try templates.render(page, as: .libraryList)
        }
        // Read before the page: a page kept under a number is never older than it.
        guard let change = try await library.change() else { return session.page(Response.html(try await render())) }
        let key = ListPageKey(request: wanted, layout: layout, errors: errors.map(\.description), notice: notice, timeZone: session.timeZone.identifier,
                              isLibrarian: session.isSignedIn, minute: Int64((now.timeIntervalSince1970 / 60).rounded(.down)), change: change)
        return session.page(Response.html(try await listPages.page(for: key, render: render)))
    }

    @Sendable func showBorrower(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let raw = try context.parameters.require("name")
        // Who borrowed what is the librarian's.
        if let signIn = access.signIn(session, for: .patrons, next: request.uri.path) { return signIn }
        let borrower = try await BorrowerViewModel.load(raw.removingPercentEncoding ?? raw, from: library, now: now(), timeZone: session.timeZone)
        return session.page(try templates.html(BorrowerPage(borrower), as: .libraryBorrower, status: borrower.isKnown ? .ok : .notFound))
    }

    @Sendable func newBook(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        if let signIn = access.signIn(session, for: .catalogue, next: "/library/books/new") { return signIn }
        return session.page(try templates.html(BookFormPage(BookFormViewModel(library: library), csrf: session.token), as: .libraryForm))
    }

    @Sendable func addBook(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let (fields, cover) = try await session.checkedBookForm(request, limit: LibraryWebModule.uploadLimit)
        try access.requireLibrarian(session, for: .catalogue)
        var form = BookFormViewModel(library: library)
        form.form = fields.bookForm
        let outcome = try await form.save(cover: cover)
        if case .done(let book?) = outcome { return Self.redirect("/library/books/\(book.id)?notice=added") }
        return session.page(try templates.html(BookFormPage(form, csrf: session.token), as: .libraryForm, status: Self.status(of: outcome)))
    }

    @Sendable func showBook(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let detail = try await detail(try Self.id(context), session, request, context)
        let notice = Notice.text(QueryPairs.parameters(of: request)["notice"])
        return session.page(try templates.html(BookDetailPage(detail, csrf: session.token, notice: notice), as: .libraryDetail))
    }

    @Sendable func editBook(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let id = try Self.id(context)
        if let signIn = access.signIn(session, for: .catalogue, next: "/library/books/\(id)/edit") { return signIn }
        let book = try await library.book(id: id)
        return session.page(try templates.html(BookFormPage(BookFormViewModel(editing: book, library: library), csrf: session.token), as: .libraryForm))
    }

    @Sendable func saveBook(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let (fields, cover) = try await session.checkedBookForm(request, limit: LibraryWebModule.uploadLimit)
        try access.requireLibrarian(session, for: .catalogue)
        // The form comes back on the book as it is now, so that after a stale edit it
        // carries the new version and saving again keeps what was typed.
        var form = BookFormViewModel(editing: try await library.book(id: try Self.id(context)), library: library)
        form.form = fields.bookForm
        let outcome = try await form.save(ifVersion: try fields.versionNumber(), cover: cover)
        if case .done(let book?) = outcome { return Self.redirect("/library/books/\(book.id)?notice=saved") }
        return session.page(try templates.html(BookFormPage(form, csrf: session.token), as: .libraryForm, status: Self.status(of: outcome)))
    }

    /// One write when it goes through; the book is read only to show why it did not. The
    /// borrower is a patron's card number or name; a new patron is made only when ticked.
    @Sendable func checkOut(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let fields = try await session.checkedForm(request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .lending)
        let id = try Self.id(context)
        let (borrower, due) = (fields.borrower ?? "", fields.due ?? "")
        do {
            _ = try await desk.checkOut(book: id, cardOrName: borrower, newPatron: fields.newPatron == "on", due: try CirculationDesk.due(due))
            return Self.redirect("/library/books/\(id)?notice=checked-out")
        } catch let errors as FieldErrors {
            // Each problem beside its field: the borrower's, or the due date's.
            func messages(_ due: Bool) -> String? {
                let found = errors.errors.filter { ($0.field == "due") == due }.map { due ? "The due date \($0.message)" : $0.message }
                return found.isEmpty ? nil : found.joined(separator: "; ")
            }
            let page = BookDetailPage(try await detail(id, session, request, context), csrf: session.token, borrower: borrower, borrowerError: messages(false),
                                      due: due, dueError: messages(true))
            return session.page(try templates.html(page, as: .libraryDetail, status: .badRequest))
        } catch let error as LibraryError where error.isRefusal {
            // The page again, as the book is now, with why it was not checked out.
            let page = BookDetailPage(try await detail(id, session, request, context), csrf: session.token, problem: "Not checked out: \(error.seen(by: try access.audience(of: request, context)).description).",
                                      borrower: borrower, due: due)
            return session.page(try templates.html(page, as: .libraryDetail, status: .conflict))
        }
    }

    @Sendable func renew(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        _ = try await session.checkedForm(request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .lending)
        let id = try Self.id(context)
        do {
            _ = try await desk.renew(book: id)
            return Self.redirect("/library/books/\(id)?notice=renewed")
        } catch let error as LibraryError where error.isRefusal {
            let page = BookDetailPage(try await detail(id, session, request, context), csrf: session.token, problem: "Not renewed: \(error.seen(by: try access.audience(of: request, context)).description).")
            return session.page(try templates.html(page, as: .libraryDetail, status: .conflict))
        }
    }

    @Sendable func placeHold(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let fields = try await session.checkedForm(request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .lending)
        let id = try Self.id(context)
        let holder = fields.holder ?? ""
        do {
            _ = try await desk.placeHold(on: id, for: try await desk.patron(cardOrName: holder))
            return Self.redirect("/library/books/\(id)?notice=hold-placed")
        } catch let errors as FieldErrors {
            let page = BookDetailPage(try await detail(id, session, request, context), csrf: session.token, holder: holder, holderError: errors.errors.map(\.message).joined(separator: "; "))
            return session.page(try templates.html(page, as: .libraryDetail, status: .badRequest))
        } catch let error as LibraryError where error.isRefusal {
            let page = BookDetailPage(try await detail(id, session, request, context), csrf: session.token, holder: holder,
                                      holderError: error.seen(by: try access.audience(of: request, context)).description)
            return session.page(try templates.html(page, as: .libraryDetail, status: .conflict))
        }
    }

    /// The librarian's: whose hold it is is theirs to see (a patron cancels their own through
    /// the API, with their card).
    @Sendable func cancelHold(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        _ = try await session.checkedForm(request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .patrons)
        let id = try Self.id(context)
        // Cancelled twice (a second tab), it is gone either way.
        do { _ = try await desk.cancelHold(try LibraryCirculationAPI.holdID(context), on: id) } catch LibraryError.holdNotFound {}
        return Self.redirect("/library/books/\(id)?notice=hold-cancelled")
    }

    @Sendable func checkIn(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        _ = try await session.checkedForm(request, limit: maximumBodySize)
        try access.requireLibrarian(session, for: .lending)
        let id = try Self.id(context)
        // Refused only when it was not out: checked in twice (a second tab, a double click), it is back either way.
        do { _ = try await desk.checkIn(book: id) } catch LibraryError.notOnLoan {}
        return Self.redirect("/library/books/\(id)?notice=checked-in")
    }

    @Sendable func confirmDelete(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let detail = try await detail(try Self.id(context), session, request, context)
        return session.page(try templates.html(DeleteBookPage(detail, needsToken: needsTokenField(session), csrf: session.token), as: .libraryDelete))
    }

    @Sendable func delete(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = PageSession(request, access: access)
        let fields = try await session.checkedForm(request, limit: maximumBodySize)
        let id = try Self.id(context)
        // The librarian's sign-in, or the token typed on this page.
        if needsTokenField(session), try !access.accepts(fields.adminToken, context) {
            let page = DeleteBookPage(try await detail(id, session, request, context), needsToken: true, csrf: session.token, problem: "That is not the admin token.")
            return session.page(try templates.html(page, as: .libraryDelete, status: .forbidden))
        }
        // The version the reader confirmed: a book changed since is not deleted unseen.
        let outcome = try await actions.delete(id: id, version: try fields.versionNumber())
        if case .done = outcome { return Self.redirect("/library?notice=deleted") }
        let page = DeleteBookPage(try await detail(id, session, request, context), needsToken: needsTokenField(session), csrf: session.token,
                                  problem: "The book changed since this page was shown; check it below and delete again.")
        return session.page(try templates.html(page, as: .libraryDelete, status: Self.status(of: outcome)))
    }

    // MARK: The librarian

    /// Whether the delete page asks for the token: guarded, and the browser has not signed in.
    private func needsTokenField(_ session: PageSession) -> Bool {
        access.isGuarded(.catalogue) && !session.isSignedIn
    }


    /// The book as the request's audience may see it: names for the staff alone.
    private func detail(_ id: Book.ID, _ session: PageSession, _ request: Request, _ context: WebRequestContext) async throws -> BookDetailViewModel {
        try await BookDetailViewModel.load(id, from: library, now: now(), timeZone: session.timeZone, audience: try access.audience(of: request, context))
    }

    /// The status a refused form comes back with.
    static func status(of outcome: BookOutcome) -> HTTPResponse.Status {
        switch outcome {
        case .done: .ok
        case .invalid: .badRequest
        case .conflict: .conflict
        case .stale: .preconditionFailed
        }
    }

    static func id(_ context: WebRequestContext) throws -> Book.ID {
        let text = try context.parameters.require("id")
        guard let id = Int64(text), id > 0 else {
            throw WebError(.notFound, title: "No such book", message: "Book ids are whole numbers; \"\(text.prefix(40))\" is not one.",
                           apiMessage: "there is no book \"\(text.prefix(40))\"; book ids are whole numbers")
        }
        return Book.ID(rawValue: id)
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
