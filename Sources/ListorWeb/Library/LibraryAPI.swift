import Foundation
import HTTPTypes
import Hummingbird
import Library
import ListorKit
import Tagged

/// The Prolific library API, compatible with the original clients, on a `LibraryService`.
///
/// `GET /books`, `POST /books`, `GET|PUT|DELETE /books/{id}` and `DELETE /clean`, under a prefix
/// (`/library/api` by default), with and without a trailing slash. Bodies are JSON or
/// form-encoded, as the original clients sent both. A `PUT` carrying `lastCheckedOutBy` checks
/// the book out. Beyond the original: check-in, loan history, overdue loans, search, ETags.
///
/// Writes go through the same view models as the pages; a refusal is thrown as the error that
/// says it, and `ErrorMiddleware` answers it as JSON (the prefix is declared an API path).
struct LibraryAPI: Sendable {
    let library: any LibraryService
    let covers: BookCovers
    let prefix: String
    /// Which writes need `Authorization: Bearer <token>`.
    let access: LibraryAccess
    let maximumBodySize: Int

    func addRoutes(to router: RouteTable) {
        let api = router.group(RouterPath(prefix))
        let (catalogue, lending, patrons) = (access.routes(api, for: .catalogue), access.routes(api, for: .lending), access.routes(api, for: .patrons))
        // Hummingbird's router ignores a trailing slash: "/books/" is "/books", as the original clients need.
        api.get("books", use: listBooks)
        catalogue.post("books", use: addBook)
        api.get("books/:id") { request, context in try await bookResponse(try await library.book(id: try LibraryPages.id(context)), for: request, context) }
        api.put("books/:id") { request, context in try await updateBook(request, context, id: try LibraryPages.id(context)) }
        catalogue.delete("books/:id") { request, context in
            let id = try LibraryPages.id(context)
            if let refusal = try await actions.delete(id: id, version: try await ifMatch(request, id: id)).refusal { throw refusal }
            return Response(status: .noContent)
        }
        catalogue.delete("clean") { request, context in
            try await library.deleteAll()
            return Response(status: .noContent)
        }
        // The book back, and `heldFor`: the hold it is now set aside for, when someone waits.
        lending.post("books/:id/checkin") { request, context in
            let outcome = try await CirculationDesk(library: library).checkIn(book: try LibraryPages.id(context))
            let audience = try access.audience(of: request, context)
            return try await bookResponse(outcome.book, for: request, context,
                                          adding: [("heldFor", outcome.setAside.map { CirculationJSON.value($0, place: 1, audience: audience) } ?? .null)])
        }
        addCoverRoutes(to: api)
        // Who borrowed what is the librarian's (the ALA's and IFLA's codes): with an admin token,
        // these need it, as the patrons' records do.
        patrons.get("books/:id/loans") { request, context in
            // An unknown book is a 404, not an empty history.
            let id = try LibraryPages.id(context)
            _ = try await library.book(id: id)
            return loansResponse(try await library.loans(.book(id)))
        }
        patrons.get("borrowers/:name/loans") { request, context in
            // Path parameters arrive as sent: "Ann%20Lee".
            let name = try context.parameters.require("name")
            return loansResponse(try await library.loans(.borrower(name.removingPercentEncoding ?? name)))
        }
        api.get("export/books.csv") { _, _ in Self.csv(try await library.exportBooks(), name: "books.csv") }
        patrons.get("export/loans.csv") { request, context in Self.csv(try await library.exportLoans(), name: "loans.csv") }
        catalogue.post("import/books") { request, context in Self.report(try await library.importBooks(try await csvBody(request))) }
        catalogue.post("import/loans") { request, context in Self.report(try await library.importLoans(try await csvBody(request))) }
        patrons.get("loans") { request, context in loansResponse(try await library.loans(.all)) }
        patrons.get("loans/overdue") { request, context in loansResponse(try await library.overdue()) }
    }

    // MARK: Covers

    /// `GET /books/{id}/cover`: the cover as uploaded; `PUT` a new one (a JPEG or PNG as the body,
    /// or a multipart form's `cover` file), checked by decoding it; `DELETE` it. Writes take
    /// `If-Match` and answer the book, with its new ETag.
    private func addCoverRoutes(to api: RouterGroup<WebRequestContext>) {
        let catalogue = access.routes(api, for: .catalogue)
        api.get("books/:id/cover") { _, context in
            let id = try LibraryPages.id(context)
            guard let cover = try await library.cover(of: id) else {
                throw WebError(.notFound, title: "No cover", message: "Book \(id) has no uploaded cover.", apiMessage: "book \(id) has no uploaded cover")
            }
            return Response(status: .ok, headers: [.contentType: cover.mediaType, .cacheControl: "no-cache"], body: .init(byteBuffer: ByteBuffer(bytes: cover.bytes)))
        }
        catalogue.put("books/:id/cover") { request, context in
            let id = try LibraryPages.id(context)
            let body = try await RequestBody.collect(request, limit: LibraryWebModule.uploadLimit)
            let bytes: [UInt8]
            if let boundary = MultipartForm.boundary(of: request.headers[.contentType]) {
                guard let file = try MultipartForm(body, boundary: boundary).files["cover"] else {
                    throw FieldErrors([FieldError(field: "cover", message: "is missing: send the picture as the form's \"cover\" file")])
                }
                bytes = file.bytes
            } else {
                bytes = Array(body.readableBytesView)
            }
            let version = try await ifMatch(request, id: id)
            return try await bookResponse(try book(of: try await actions.changeCover(id: id, .upload(bytes), ifVersion: version)), for: request, context)
        }
        catalogue.delete("books/:id/cover") { request, context in
            let id = try LibraryPages.id(context)
            let version = try await ifMatch(request, id: id)
            return try await bookResponse(try book(of: try await actions.changeCover(id: id, .remove, ifVersion: version)), for: request, context)
        }
    }

    // MARK: Handlers

    /// `GET /books`: with `page` or `per_page`, that page of the matching books, with
    /// `X-Total-Count` and a `Link` to the other pages; without, every matching book, as the
    /// original clients expect, streamed in batches so that no list is built in memory.
    private func listBooks(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        let (wanted, errors) = BookListRequest.parse { parameters[$0] }
        if !errors.isEmpty { throw FieldErrors(errors) }
        if parameters["page"] != nil || parameters["per_page"] != nil {
            return try await bookPage(wanted, request: request, context)
        }
        let audience = try access.audience(of: request, context)
        // The first batch before the answer starts, so that a failing library is an error answer.
        let first = try await library.books(wanted.query, after: nil, limit: Self.streamBatch).items
        let library = self.library
        let covers = self.covers
        let body = ResponseBody { writer in
            var batch = first
            var buffer = ByteBuffer(string: "[")
            var separator = ""
            while true {
                for book in batch {
                    buffer.writeString(separator)
                    buffer.writeString(BookJSON.value(book, colors: await covers.knownColors(of: book), audience: audience).serialized(pretty: false))
                    separator = ","
                }
                guard batch.count == Self.streamBatch, let last = batch.last?.id else { break }
                try await writer.write(buffer)
                buffer.clear()
                batch = try await library.books(wanted.query, after: last, limit: Self.streamBatch).items
            }
            buffer.writeString("]")
            try await writer.write(buffer)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: body)
    }

    /// Books read and written per batch of a streamed list.
    static let streamBatch = 500

    private func bookPage(_ wanted: BookListRequest, request: Request, _ context: WebRequestContext) async throws -> Response {
        let page = try await library.books(wanted.query, page: wanted.page, perPage: wanted.perPage)
        var values: [JSONValue] = []
        values.reserveCapacity(page.books.count)
        let audience = try access.audience(of: request, context)
        for book in page.books { values.append(BookJSON.value(book, colors: await covers.knownColors(of: book), audience: audience)) }
        var response = Response.json(JSONValue.array(values).serialized(pretty: false))
        response.headers[.totalCount] = "\(page.matching)"
        var pairs: [(name: String, value: String)] = []
        if !wanted.query.search.isEmpty { pairs.append(("search", wanted.query.search)) }
        if wanted.query.status != .all { pairs.append(("status", wanted.query.status.rawValue)) }
        pairs.append(("per_page", "\(page.size)"))
        response.headers[.link] = PageLinks.header(path: prefix + "/books", query: pairs, page: page.number, pageCount: page.count)
        return response
    }

    private func addBook(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let body = try await RequestBody.decode(BookBody.self, from: request, limit: maximumBodySize)
        // The original clients could add a book already checked out: one write, or none.
        var form = BookFormViewModel(library: library)
        form.form = body.form
        let book = try self.book(of: try await form.save(checkingOutTo: body.lastCheckedOutBy))
        var response = try await bookResponse(book, for: request, context, status: .created)
        response.headers[.location] = prefix + "/books/\(book.id)"
        return response
    }

    private func updateBook(_ request: Request, _ context: WebRequestContext, id: Book.ID) async throws -> Response {
        let body = try await RequestBody.decode(BookBody.self, from: request, limit: maximumBodySize)
        let version = try await ifMatch(request, id: id)
        // A body that only names a borrower is a checkout, which open lending leaves to anyone.
        let lends = body.lastCheckedOutBy != nil || body.patron != nil || body.card != nil
        try access.authorize(request, context, for: body.changes.isEmpty && lends ? .lending : .catalogue)
        if body.patron != nil || body.card != nil, let patron = try CirculationDesk.patron(id: body.patron, card: body.card, name: body.lastCheckedOutBy) {
            guard body.changes.isEmpty else {
                throw FieldErrors([FieldError(field: body.patron != nil ? "patron" : "card", message: "checks the book out in a request of its own, without changes to the book")])
            }
            let due = try CirculationDesk.due(body.due)
            return try await bookResponse(try await CirculationDesk(library: library).checkOut(book: id, to: patron, due: due, ifVersion: version).book, for: request, context)
        }
        if body.changes.isEmpty {
            guard let borrower = body.lastCheckedOutBy else { return try await bookResponse(try await library.book(id: id), for: request, context) }
            return try await bookResponse(try self.book(of: try await actions.checkOut(id: id, by: borrower, ifVersion: version)), for: request, context)
        }
        let book = try await library.book(id: id)
        // The edit and the checkout it carries are one write: a refused checkout leaves the fields as they were.
        var form = BookFormViewModel(editing: book, library: library)
        form.form = body.changes.applied(to: book)
        return try await bookResponse(try self.book(of: try await form.save(ifVersion: version, checkingOutTo: body.lastCheckedOutBy)), for: request, context)
    }

    // MARK: Outcomes

    /// The book a done outcome leaves; a refusal is thrown, for `ErrorMiddleware` to answer.
    private func book(of outcome: BookOutcome) throws -> Book {
        if let refusal = outcome.refusal { throw refusal }
        guard case .done(let book?) = outcome else { throw WebError(.internalServerError, message: "the library did not say what became of the book") }
        return book
    }

    private var actions: BookActions { BookActions(library: library) }

    // MARK: Responses

    /// The book with its cover's colours as far as they are known, and its ETag, as the
    /// request's audience may see it.
    private func bookResponse(_ book: Book, for request: Request, _ context: WebRequestContext, status: HTTPResponse.Status = .ok, adding extra: [(String, JSONValue)] = []) async throws -> Response {
        let colors = await covers.knownColors(of: book)
        var response = Response.json(BookJSON.value(book, colors: colors, audience: try access.audience(of: request, context), adding: extra).serialized(pretty: false),
                                     status: status)
        response.headers[.eTag] = "\"\(book.version)\""
        return response
    }

    private func loansResponse(_ loans: PartialResult<Loan>) -> Response {
        .json(JSONValue.array(loans.items.map(BookJSON.value)).serialized(pretty: false))
    }

    static func csv(_ text: String, name: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\""],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func report(_ report: ImportReport) -> Response {
        func lines(_ problems: [Problem]) -> JSONValue {
            .array(ImportReport.lines(problems).map { JSONValue.members([("line", .number(Double($0.line))), ("message", .string($0.message))]) })
        }
        return .json(JSONValue.members([
            ("imported", .number(Double(report.imported))), ("alreadyThere", lines(report.alreadyThere)), ("problems", lines(report.problems)),
        ]).serialized(pretty: false))
    }

    private func csvBody(_ request: Request) async throws -> String {
        let buffer = try await RequestBody.collect(request, limit: maximumBodySize)
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw WebError(.badRequest, message: "the CSV is not UTF-8 text")
        }
        return text
    }

    // MARK: Request parts

    /// The version an `If-Match` names, nil without one (or with `*`). A list of ETags
    /// (`"1", "2"`) matches when the book's version is among them (RFC 9110, section 13.1.1).
    private func ifMatch(_ request: Request, id: Book.ID) async throws -> Int? {
        guard let value = request.headers[.ifMatch] else { return nil }
        guard let tags = EntityTags(value) else {
            throw WebError(.badRequest, message: "If-Match: \(value.prefix(60)) is not an ETag or a list of them, such as \"3\"")
        }
        guard !tags.isAny else { return nil }
        // A well-formed tag this server never gave matches no version.
        let versions = tags.tags.map { Int($0.opaque) }
        if versions.count == 1 {
            guard let version = versions[0] else { throw LibraryError.versionMismatch(id: id, current: try await library.book(id: id).version) }
            return version
        }
        let current = try await library.book(id: id).version
        guard versions.contains(current) else { throw LibraryError.versionMismatch(id: id, current: current) }
        return current
    }
}
