import Foundation
import HTTPTypes
import Hummingbird
import Library
import ListorKit

/// The Prolific library API, compatible with the original clients, on a `LibraryService`.
///
/// `GET /books`, `POST /books`, `GET|PUT|DELETE /books/{id}` and `DELETE /clean`, under a prefix
/// (`/library/api` by default), with and without a trailing slash. Bodies are JSON or
/// form-encoded, as the original clients sent both. A `PUT` carrying `lastCheckedOutBy` checks
/// the book out. Beyond the original: check-in, loan history, overdue loans, search, ETags.
struct LibraryAPI: Sendable {
    let service: any LibraryService
    let prefix: String
    /// When set, deleting needs `Authorization: Bearer <token>`.
    let adminToken: String?
    let maximumBodySize: Int

    func addRoutes(to router: Router<BasicRequestContext>) {
        let api = router.group(RouterPath(prefix))
        // Hummingbird's router ignores a trailing slash: "/books/" is "/books", as the original clients need.
        api.get("books") { request, _ in try await respond { try await listBooks(request) } }
        api.post("books") { request, _ in try await respond { try await addBook(request) } }
        api.get("books/:id") { _, context in try await respond { try await bookResponse(service.book(id: id(context))) } }
        api.put("books/:id") { request, context in try await respond { try await updateBook(request, id: id(context)) } }
        api.delete("books/:id") { request, context in
            try await respond {
                try authorize(request)
                try await service.delete(id: id(context), ifVersion: try ifMatch(request))
                return Response(status: .noContent)
            }
        }
        api.delete("clean") { request, _ in
            try await respond {
                try authorize(request)
                try await service.deleteAll()
                return Response(status: .noContent)
            }
        }
        api.post("books/:id/checkin") { _, context in try await respond { try await bookResponse(service.checkIn(id: id(context))) } }
        api.get("books/:id/loans") { _, context in try await respond { try await loansResponse(service.loans(.book(id(context)))) } }
        api.get("borrowers/:name/loans") { _, context in
            // Path parameters arrive as sent: "Ann%20Lee".
            let name = try context.parameters.require("name")
            return try await respond { try await loansResponse(service.loans(.borrower(name.removingPercentEncoding ?? name))) }
        }
        api.get("export/books.csv") { _, _ in try await respond { Self.csv(try await service.exportBooks(), name: "books.csv") } }
        api.get("export/loans.csv") { _, _ in try await respond { Self.csv(try await service.exportLoans(), name: "loans.csv") } }
        api.post("import/books") { request, _ in try await respond { Self.report(try await service.importBooks(try await csvBody(request))) } }
        api.post("import/loans") { request, _ in try await respond { Self.report(try await service.importLoans(try await csvBody(request))) } }
        api.get("loans") { _, _ in try await respond { try await loansResponse(service.loans(.all)) } }
        api.get("loans/overdue") { _, _ in try await respond { try await loansResponse(service.overdue()) } }
    }

    // MARK: Handlers

    private func listBooks(_ request: Request) async throws -> Response {
        let parameters = request.uri.queryParameters
        let statusText = parameters.get("status") ?? "all"
        guard let status = BookQuery.Status(rawValue: statusText) else {
            throw APIError(.badRequest, "status: \"\(statusText)\" is not one of \(BookQuery.Status.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let books = try await service.books(BookQuery(search: parameters.get("search") ?? "", status: status))
        return .json(JSONValue.array(books.map(BookJSON.value)).serialized(pretty: false))
    }

    private func addBook(_ request: Request) async throws -> Response {
        let fields = try await BodyFields.read(request, limit: maximumBodySize)
        let form = BookForm(title: try fields.text("title") ?? "", author: try fields.text("author") ?? "", publisher: try fields.text("publisher") ?? "",
                            categories: try fields.text("categories") ?? "", isbn: try fields.text("isbn") ?? "")
        var book = try await service.add(form)
        // The original clients could add a book already checked out.
        if let borrower = try fields.text("lastCheckedOutBy"), !borrower.trimmed().isEmpty {
            book = try await service.checkOut(id: book.id, borrower: borrower, ifVersion: nil)
        }
        var response = bookResponse(book, status: .created)
        response.headers[.location] = prefix + "/books/\(book.id)"
        return response
    }

    private func updateBook(_ request: Request, id: Int64) async throws -> Response {
        let fields = try await BodyFields.read(request, limit: maximumBodySize)
        var version = try ifMatch(request)
        let changes = BookChanges(title: try fields.text("title"), author: try fields.text("author"), publisher: try fields.text("publisher"),
                                  categories: try fields.text("categories"), isbn: try fields.text("isbn"))
        var book: Book?
        if !changes.isEmpty {
            book = try await service.edit(id: id, changes, ifVersion: version)
            version = book?.version
        }
        if let borrower = try fields.text("lastCheckedOutBy") {
            book = try await service.checkOut(id: id, borrower: borrower, ifVersion: version)
        }
        if let book { return bookResponse(book) }
        return bookResponse(try await service.book(id: id))
    }

    // MARK: Responses

    private func bookResponse(_ book: Book, status: HTTPResponse.Status = .ok) -> Response {
        var response = Response.json(BookJSON.value(book).serialized(pretty: false), status: status)
        response.headers[.eTag] = "\"\(book.version)\""
        return response
    }

    private func loansResponse(_ loans: [Loan]) -> Response {
        .json(JSONValue.array(loans.map(BookJSON.value)).serialized(pretty: false))
    }

    static func csv(_ text: String, name: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\""],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func report(_ report: ImportReport) -> Response {
        let problems = report.problems.map { JSONValue.members([("line", .number(Double($0.line))), ("message", .string($0.message))]) }
        return .json(JSONValue.members([("imported", .number(Double(report.imported))), ("problems", .array(problems))]).serialized(pretty: false))
    }

    private func csvBody(_ request: Request) async throws -> String {
        do {
            let buffer = try await request.body.collect(upTo: maximumBodySize)
            guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
                throw APIError(.badRequest, "the CSV is not UTF-8 text")
            }
            return text
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.contentTooLarge, "the body is larger than the limit of \(maximumBodySize) bytes")
        }
    }

    /// Runs a handler and turns the library's refusals into JSON answers a client can act on.
    private func respond(_ handler: () async throws -> Response) async throws -> Response {
        do {
            return try await handler()
        } catch let error as FieldErrors {
            let fields = JSONValue.members(error.errors.map { ($0.field, .string($0.message)) })
            return .json(JSONValue.members([("error", .string(error.description)), ("fields", fields)]).serialized(pretty: false), status: .badRequest)
        } catch let error as LibraryError {
            switch error {
            case .notFound: return Self.error(.notFound, error.description)
            case .onLoan(_, let borrower, let since):
                return .json(JSONValue.members([
                    ("error", .string(error.description)), ("lastCheckedOutBy", .string(borrower)), ("lastCheckedOut", .string(LibraryDate.text(since))),
                ]).serialized(pretty: false), status: .conflict)
            case .notOnLoan: return Self.error(.conflict, error.description)
            case .versionMismatch(_, let current):
                return .json(JSONValue.members([("error", .string(error.description)), ("version", .number(Double(current)))]).serialized(pretty: false),
                             status: .preconditionFailed)
            }
        } catch let error as CSVImportError {
            return Self.error(.unprocessableContent, error.message)
        } catch let error as APIError {
            var response = Self.error(error.status, error.message)
            if error.status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
            return response
        }
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        .json(JSONValue.members([("error", .string(message))]).serialized(pretty: false), status: status)
    }

    // MARK: Request parts

    private func id(_ context: BasicRequestContext) throws -> Int64 {
        let text = try context.parameters.require("id")
        guard let id = Int64(text), id > 0 else { throw APIError(.notFound, "there is no book \"\(text.prefix(40))\"; book ids are whole numbers") }
        return id
    }

    /// The version an `If-Match` names, nil without one (or with `*`).
    private func ifMatch(_ request: Request) throws -> Int? {
        guard let value = request.headers[.ifMatch]?.trimmed(), value != "*" else { return nil }
        let tag = value.hasPrefix("W/") ? String(value.dropFirst(2)) : value
        guard tag.count >= 3, tag.first == "\"", tag.last == "\"", let version = Int(tag.dropFirst().dropLast()) else {
            throw APIError(.preconditionFailed, "If-Match: \(value.prefix(60)) is not an ETag this server gave")
        }
        return version
    }

    private func authorize(_ request: Request) throws {
        guard let adminToken else { return }
        let given = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil } ?? ""
        guard Self.constantTimeEqual(Array(given.utf8), Array(adminToken.utf8)) else {
            throw APIError(.unauthorized, "deleting needs the admin token: Authorization: Bearer <token>")
        }
    }

    /// Compares without stopping at the first difference, so the time taken tells nothing of the token.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}

/// A refusal with its status, answered as `{"error": …}`.
struct APIError: Error {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// A request body's fields, from JSON (`{"title": "Dune"}`) or a form (`title=Dune`): each a
/// string, or null in JSON. Anything else is a 400 naming the field.
struct BodyFields {
    private var values: [String: JSONValue] = [:]

    static func read(_ request: Request, limit: Int) async throws -> BodyFields {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: limit) } catch {
            throw APIError(.contentTooLarge, "the body is larger than the limit of \(limit) bytes")
        }
        let bytes = Array(buffer.readableBytesView)
        let type = request.headers[.contentType]?.lowercased() ?? ""
        var fields = BodyFields()
        if type.hasPrefix("application/x-www-form-urlencoded") || (!type.contains("json") && bytes.first != UInt8(ascii: "{")) {
            for pair in String(decoding: bytes, as: UTF8.self).split(separator: "&") where !pair.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = Self.formDecode(parts[0]), let value = Self.formDecode(parts.count > 1 ? parts[1] : "") else {
                    throw APIError(.badRequest, "the form body has bad percent-encoding in \"\(pair.prefix(40))\"")
                }
                fields.values[name] = .string(value)
            }
            return fields
        }
        guard !bytes.isEmpty else { return fields }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw APIError(.badRequest, "the body is not JSON: \(error)")
        }
        guard case .object(let object) = json else { throw APIError(.badRequest, "the body is \(json.summary); send an object of fields") }
        for member in object.members { fields.values[member.key] = member.value }
        return fields
    }

    /// The field's text; nil when absent or null.
    func text(_ name: String) throws -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw APIError(.badRequest, "\(name): is \(other.summary); send a string")
        }
    }

    private static func formDecode(_ text: Substring) -> String? {
        String(text.replacingOccurrences(of: "+", with: " ")).removingPercentEncoding
    }
}
