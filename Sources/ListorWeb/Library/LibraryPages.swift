import Foundation
import HTTPTypes
import Hummingbird
import Library
import ListorKit

/// The library's pages under `/library`: the list, a book, the add and edit form, and delete
/// confirmation. Every form is a plain POST that redirects (POST-redirect-GET) and carries a
/// CSRF token that must match the browser's cookie.
struct LibraryPages: Sendable {
    let service: any LibraryService
    let adminToken: String?
    let maximumBodySize: Int

    func addRoutes(to router: Router<BasicRequestContext>, templates: Templates) {
        router.get("/library") { request, _ in
            let parameters = request.uri.queryParameters
            let session = Session(request)
            let statusText = parameters.get("status") ?? "all"
            let status = BookQuery.Status(rawValue: statusText) ?? .all
            let query = BookQuery(search: parameters.get("search") ?? "", status: status)
            async let matching = service.books(query)
            async let all = service.books(BookQuery())
            let list = BookListViewModel(books: try await matching, total: try await all.count, query: query, now: Date(), timeZone: session.timeZone)
            return session.page(try templates.html(ListPage(list, notice: Notice.text(parameters.get("notice")), templates: templates), as: "library/list"))
        }
        router.get("/library/borrowers/:name") { request, context in
            let session = Session(request)
            let raw = try context.parameters.require("name")
            let name = raw.removingPercentEncoding ?? raw
            let loans = try await service.loans(.borrower(name))
            let titles = Dictionary(try await service.books(BookQuery()).map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            let page = BorrowerPage(BorrowerViewModel(name: name, loans: loans, titles: titles, now: Date(), timeZone: session.timeZone))
            return session.page(try templates.html(page, as: "library/borrower", status: loans.isEmpty ? .notFound : .ok))
        }
        router.get("/library/books/new") { request, _ in
            let session = Session(request)
            return session.page(try templates.html(FormPage(adding: BookFormViewModel(), csrf: session.token), as: "library/form"))
        }
        router.post("/library/books") { request, _ in
            let session = Session(request)
            let fields = try await session.checkedForm(request, limit: maximumBodySize)
            var form = BookFormViewModel()
            form.form = fields.bookForm
            do {
                let book = try await service.add(form.form)
                return Self.redirect("/library/books/\(book.id)?notice=added")
            } catch let problems as FieldErrors {
                form.show(problems)
                return session.page(try templates.html(FormPage(adding: form, csrf: session.token), as: "library/form", status: .badRequest))
            }
        }
        router.get("/library/books/:id") { request, context in
            let session = Session(request)
            let page = try await detailPage(try Self.id(context), session: session, notice: Notice.text(request.uri.queryParameters.get("notice")))
            return session.page(try templates.html(page, as: "library/detail"))
        }
        router.get("/library/books/:id/edit") { request, context in
            let session = Session(request)
            let book = try await book(try Self.id(context))
            return session.page(try templates.html(FormPage(editing: BookFormViewModel(editing: book), book: book, csrf: session.token), as: "library/form"))
        }
        router.post("/library/books/:id") { request, context in
            let session = Session(request)
            let fields = try await session.checkedForm(request, limit: maximumBodySize)
            let book = try await book(try Self.id(context))
            var form = BookFormViewModel(editing: book)
            form.form = fields.bookForm
            let changes = BookChanges(title: form.form.title, author: form.form.author, publisher: form.form.publisher,
                                      categories: form.form.categories, isbn: form.form.isbn)
            do {
                _ = try await service.edit(id: book.id, changes, ifVersion: fields.version)
                return Self.redirect("/library/books/\(book.id)?notice=saved")
            } catch let problems as FieldErrors {
                form.show(problems)
                return session.page(try templates.html(FormPage(editing: form, book: book, csrf: session.token), as: "library/form", status: .badRequest))
            } catch LibraryError.versionMismatch {
                let page = FormPage(editing: form, book: book, csrf: session.token,
                                    problem: "Someone changed this book while you were editing it. Your changes are below; the page now has the new version, so saving again keeps yours.")
                return session.page(try templates.html(page, as: "library/form", status: .preconditionFailed))
            }
        }
        router.post("/library/books/:id/checkout") { request, context in
            let session = Session(request)
            let fields = try await session.checkedForm(request, limit: maximumBodySize)
            let id = try Self.id(context)
            let borrower = fields.values["borrower"] ?? ""
            do {
                _ = try await service.checkOut(id: id, borrower: borrower, ifVersion: nil)
                return Self.redirect("/library/books/\(id)?notice=checked-out")
            } catch let problems as FieldErrors {
                let page = try await detailPage(id, session: session, borrower: borrower, borrowerError: problems.errors.first?.message)
                return session.page(try templates.html(page, as: "library/detail", status: .badRequest))
            } catch let error as LibraryError {
                guard case .onLoan = error else { throw error }
                let page = try await detailPage(id, session: session, problem: "Not checked out: \(error.description).")
                return session.page(try templates.html(page, as: "library/detail", status: .conflict))
            }
        }
        router.post("/library/books/:id/checkin") { request, context in
            let session = Session(request)
            _ = try await session.checkedForm(request, limit: maximumBodySize)
            let id = try Self.id(context)
            do {
                _ = try await service.checkIn(id: id)
            } catch LibraryError.notOnLoan {
                // Checked in twice (a second tab, a double click): it is back either way.
            }
            return Self.redirect("/library/books/\(id)?notice=checked-in")
        }
        router.get("/library/books/:id/delete") { request, context in
            let session = Session(request)
            let book = try await book(try Self.id(context))
            let loans = try await service.loans(.book(book.id))
            return session.page(try templates.html(DeletePage(book: book, loans: loans.count, needsToken: adminToken != nil, csrf: session.token), as: "library/delete"))
        }
        router.post("/library/books/:id/delete") { request, context in
            let session = Session(request)
            let fields = try await session.checkedForm(request, limit: maximumBodySize)
            let book = try await book(try Self.id(context))
            if let adminToken, !LibraryAPI.constantTimeEqual(Array((fields.values["admin_token"] ?? "").utf8), Array(adminToken.utf8)) {
                let loans = try await service.loans(.book(book.id))
                let page = DeletePage(book: book, loans: loans.count, needsToken: true, csrf: session.token, problem: "That is not the admin token.")
                return session.page(try templates.html(page, as: "library/delete", status: .forbidden))
            }
            try await service.delete(id: book.id, ifVersion: nil)
            return Self.redirect("/library?notice=deleted")
        }
    }

    private func book(_ id: Int64) async throws -> Book {
        do { return try await service.book(id: id) } catch LibraryError.notFound {
            throw PageError(status: .notFound, title: "No such book", message: "The library has no book \(id). It may have been deleted.",
                            suggestions: [.init(label: "All books", href: "/library")])
        }
    }

    private func detailPage(_ id: Int64, session: Session, notice: String? = nil, problem: String? = nil,
                            borrower: String = "", borrowerError: String? = nil) async throws -> DetailPage {
        let book = try await book(id)
        let detail = BookDetailViewModel(book: book, loans: try await service.loans(.book(id)), now: Date(), timeZone: session.timeZone)
        return DetailPage(detail, csrf: session.token, notice: notice, problem: problem, borrower: borrower, borrowerError: borrowerError)
    }

    static func id(_ context: BasicRequestContext) throws -> Int64 {
        let text = try context.parameters.require("id")
        guard let id = Int64(text), id > 0 else {
            throw PageError(status: .notFound, title: "No such book", message: "Book ids are whole numbers; \"\(text.prefix(40))\" is not one.")
        }
        return id
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}

/// What follows a redirect: a fixed key in the URL, never text from it.
enum Notice {
    static func text(_ key: String?) -> String? {
        switch key {
        case "added": "Added."
        case "saved": "Saved."
        case "checked-out": "Checked out."
        case "checked-in": "Checked in."
        case "deleted": "Deleted."
        default: nil
        }
    }
}

/// The browser's side of a request: its CSRF cookie (made when missing) and its time zone.
struct Session {
    static let cookieName = "listor_csrf"
    let token: String
    let isNew: Bool
    let timeZone: TimeZone

    init(_ request: Request) {
        let cookie = request.cookies[Self.cookieName]?.value
        if let cookie, cookie.count == 32, cookie.allSatisfy(\.isHexDigit) {
            token = cookie
            isNew = false
        } else {
            var generator = SystemRandomNumberGenerator()
            token = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
            isNew = true
        }
        // library.js sets the reader's zone; without it, the server's.
        timeZone = request.cookies["listor_tz"].flatMap { TimeZone(identifier: $0.value) } ?? .current
    }

    /// `response` with the CSRF cookie set when it is new.
    func page(_ response: Response) -> Response {
        guard isNew else { return response }
        var response = response
        response.headers[.setCookie] = "\(Self.cookieName)=\(token); Path=/library; HttpOnly; SameSite=Strict"
        return response
    }

    /// The form's fields, once its CSRF token matches the cookie; a 403 page otherwise.
    func checkedForm(_ request: Request, limit: Int) async throws -> FormFields {
        let fields = try await FormFields.read(request, limit: limit)
        guard !isNew, LibraryAPI.constantTimeEqual(Array((fields.values["csrf"] ?? "").utf8), Array(token.utf8)) else {
            throw PageError(status: .forbidden, title: "Form expired",
                            message: "This form was not sent from this site's page in this browser, or its page is too old. Go back, reload the page and try again.")
        }
        return fields
    }
}

/// A form-encoded body's fields.
struct FormFields {
    var values: [String: String] = [:]

    static func read(_ request: Request, limit: Int) async throws -> FormFields {
        let body: BodyFields
        do { body = try await BodyFields.read(request, limit: limit) } catch let error as APIError {
            throw PageError(status: error.status, title: error.status.reasonPhrase, message: error.message)
        }
        var fields = FormFields()
        for name in ["csrf", "version", "title", "author", "publisher", "categories", "isbn", "borrower", "admin_token"] {
            fields.values[name] = try? body.text(name)
        }
        return fields
    }

    var bookForm: BookForm {
        BookForm(title: values["title"] ?? "", author: values["author"] ?? "", publisher: values["publisher"] ?? "",
                 categories: values["categories"] ?? "", isbn: values["isbn"] ?? "")
    }

    var version: Int? { values["version"].flatMap { Int($0) } }
}

// MARK: - Page structs

struct ListPage: Encodable {
    struct Row: Encodable {
        let href: String
        let title: String
        let author: String
        let status: String
        let isOnLoan: Bool
        let isOverdue: Bool
    }

    let title = "Library"
    let notice: String?
    let search: String
    let statuses: HTMLFragment
    let summary: String
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String?

    init(_ list: BookListViewModel, notice: String?, templates: Templates) throws {
        self.notice = notice
        search = list.query.search
        let labels: [BookQuery.Status: String] = [.all: "All books", .available: "On the shelf", .onLoan: "Checked out", .overdue: "Overdue"]
        statuses = try templates.options(BookQuery.Status.allCases.map {
            Choice(value: $0.rawValue, label: labels[$0] ?? $0.rawValue, selected: $0 == list.query.status)
        })
        summary = list.summary
        rows = list.rows.map { Row(href: "/library/books/\($0.id)", title: $0.title, author: $0.author, status: $0.status, isOnLoan: $0.isOnLoan, isOverdue: $0.isOverdue) }
        hasRows = !rows.isEmpty
        emptyMessage = list.emptyMessage
    }
}

struct DetailPage: Encodable {
    struct Fact: Encodable {
        let label: String
        let value: String
    }

    struct LoanLine: Encodable {
        let borrower: String
        let borrowerHref: String
        let text: String
    }

    let title: String
    let author: String
    let path: String
    let version: Int
    let checkoutText: String
    let dueText: String?
    let hasDue: Bool
    let isOverdue: Bool
    let isOnLoan: Bool
    let facts: [Fact]
    let history: [LoanLine]
    let hasHistory: Bool
    let csrf: String
    let notice: String?
    let problem: String?
    let borrower: String
    let borrowerError: String?

    init(_ detail: BookDetailViewModel, csrf: String, notice: String?, problem: String?, borrower: String, borrowerError: String?) {
        let book = detail.book
        title = book.title
        author = book.author
        path = "/library/books/\(book.id)"
        version = book.version
        checkoutText = detail.checkoutText
        dueText = detail.dueText
        hasDue = detail.dueText != nil
        isOverdue = detail.dueText?.hasPrefix("Overdue") == true
        isOnLoan = book.isOnLoan
        facts = [("Publisher", book.publisher), ("Categories", book.categories), ("ISBN", book.isbn)].compactMap { label, value in
            value.map { Fact(label: label, value: $0) }
        }
        history = zip(detail.loans, detail.loanTimes).map { loan, times in
            LoanLine(borrower: loan.borrower, borrowerHref: "/library/borrowers/" + (loan.borrower.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                     text: times)
        }
        hasHistory = !history.isEmpty
        self.csrf = csrf
        self.notice = notice
        self.problem = problem
        self.borrower = borrower
        self.borrowerError = borrowerError
    }
}

struct FormPage: Encodable {
    struct Field: Encodable {
        let name: String
        let label: String
        let hint: String?
        let value: String
        let error: String?
        let required: Bool
        let maxLength: Int
    }

    let heading: String
    let action: String
    let cancelHref: String
    let submitLabel: String
    let version: Int?
    let fields: [Field]
    let csrf: String
    let problem: String?

    init(adding form: BookFormViewModel, csrf: String) {
        self.init(form, heading: "Add a book", action: "/library/books", cancelHref: "/library", submitLabel: "Add book", version: nil, csrf: csrf, problem: nil)
    }

    init(editing form: BookFormViewModel, book: Book, csrf: String, problem: String? = nil) {
        self.init(form, heading: "Edit “\(book.title)”", action: "/library/books/\(book.id)", cancelHref: "/library/books/\(book.id)",
                  submitLabel: "Save", version: book.version, csrf: csrf, problem: problem)
    }

    private init(_ form: BookFormViewModel, heading: String, action: String, cancelHref: String, submitLabel: String, version: Int?, csrf: String, problem: String?) {
        self.heading = heading
        self.action = action
        self.cancelHref = cancelHref
        self.submitLabel = submitLabel
        self.version = version
        self.csrf = csrf
        self.problem = problem ?? (form.errors.isEmpty ? nil : "The book was not saved; see the fields marked below.")
        let values = form.form
        fields = [
            Field(name: "title", label: "Title", hint: nil, value: values.title, error: form.errors["title"], required: true, maxLength: BookForm.maximumTitleLength),
            Field(name: "author", label: "Author", hint: nil, value: values.author, error: form.errors["author"], required: true, maxLength: BookForm.maximumNameLength),
            Field(name: "publisher", label: "Publisher", hint: nil, value: values.publisher, error: form.errors["publisher"], required: false, maxLength: BookForm.maximumNameLength),
            Field(name: "categories", label: "Categories", hint: "(comma separated)", value: values.categories, error: form.errors["categories"], required: false,
                  maxLength: BookForm.maximumCategoriesLength),
            Field(name: "isbn", label: "ISBN", hint: "(10 or 13 digits, optional)", value: values.isbn, error: form.errors["isbn"], required: false, maxLength: 40),
        ]
    }
}

struct BorrowerPage: Encodable {
    struct LoanLine: Encodable {
        let title: String
        let href: String
        let text: String
        let isOpen: Bool
    }

    let name: String
    let summary: String
    let loans: [LoanLine]
    let hasLoans: Bool

    init(_ borrower: BorrowerViewModel) {
        name = borrower.name
        summary = borrower.summary
        loans = borrower.lines.map { LoanLine(title: $0.title, href: "/library/books/\($0.bookID)", text: $0.text, isOpen: $0.isOpen) }
        hasLoans = !loans.isEmpty
    }
}

struct DeletePage: Encodable {
    let title: String
    let path: String
    let version: Int
    let loanCount: String
    let needsToken: Bool
    let csrf: String
    let problem: String?

    init(book: Book, loans: Int, needsToken: Bool, csrf: String, problem: String? = nil) {
        title = book.title
        path = "/library/books/\(book.id)"
        version = book.version
        loanCount = loans == 1 ? "1 loan" : "\(loans) loans"
        self.needsToken = needsToken
        self.csrf = csrf
        self.problem = problem
    }
}
