import Foundation
import ListorImaging
import ListorKit
import Tagged

/// The library on any Prolific-compatible server, over HTTP: the original API for books and
/// checkouts, and Listor's additions (check-in, loans, ETags) where the server has them.
public struct RemoteLibrary: LibraryService {
    /// The API's root, e.g. `http://127.0.0.1:8080/library/api`.
    public let baseURL: URL
    public let adminToken: String?
    private let transport: HTTPTransport
    private let limits: HTTPLimits
    /// Decodes uploaded covers to check them before they are sent.
    private let work: any HeavyWork

    public init(baseURL: URL, transport: HTTPTransport, adminToken: String? = nil, limits: HTTPLimits = HTTPLimits(timeout: .seconds(15), maximumBodySize: 16 << 20),
                work: any HeavyWork = InlineWork()) {
        self.baseURL = baseURL
        self.transport = transport
        self.adminToken = adminToken
        self.limits = limits
        self.work = work
    }

    public func books(_ query: BookQuery) async throws -> PartialResult<Book> {
        var parameters: [URLQueryItem] = []
        if !query.search.isEmpty { parameters.append(URLQueryItem(name: "search", value: query.search)) }
        if query.status != .all { parameters.append(URLQueryItem(name: "status", value: query.status.rawValue)) }
        let books = try list(Book.self, try await send("GET", ["books"], query: parameters), what: "books") { $0["title"]?.stringValue }
        // A server that takes no search (the original ones) sends every book: the words are matched here too.
        guard !query.searchTerms.isEmpty else { return books }
        let words = BookQuery(search: query.search)
        return PartialResult(items: books.items.filter { words.matches($0, at: Date()) }, problems: books.problems)
    }

    /// A server's `GET /books` answers every match: the page is cut from it here, as the
    /// original servers take no page.
    public func books(_ query: BookQuery, page: Int, perPage: Int) async throws -> BookPage {
        let matching = try await books(query)
        let total = query.isUnfiltered ? matching.items.count : try await books(BookQuery()).items.count
        let number = BookPage.clamped(page, size: perPage, matching: matching.items.count)
        let books = Array(matching.items.dropFirst((number - 1) * perPage).prefix(perPage))
        return BookPage(books: books, number: number, size: perPage, matching: matching.items.count, total: total, problems: matching.problems)
    }

    public func books(_ query: BookQuery, after: Book.ID?, limit: Int) async throws -> PartialResult<Book> {
        let all = try await books(query)
        let items = all.items.filter { book in after.map { book.id > $0 } ?? true }.sorted { $0.id < $1.id }
        return PartialResult(items: Array(items.prefix(limit)), problems: all.problems)
    }

    public func books(ids: [Book.ID]) async throws -> [Book] {
        let wanted = Set(ids)
        return try await books(BookQuery()).items.filter { wanted.contains($0.id) }.sorted { $0.id < $1.id }
    }

    public func book(id: Book.ID) async throws -> Book {
        try one(Book.self, try await send("GET", ["books", "\(id)"], id: id))
    }

    /// Nil: the server's API has no change number, so nothing read from it is kept.
    public func change() async throws -> Int64? { nil }

    public func add(_ form: BookForm, checkedOutBy borrower: String?, cover: [UInt8]?) async throws -> Book {
        let (fields, name) = try form.validated(borrower: borrower).get()
        // The picture is checked here first, so that one the server would refuse adds no book.
        var stored: StoredCover?
        if let cover { stored = try await work.run({ CoverUpload.checked(cover) }).mapError { FieldErrors([$0]) }.get() }
        let book = try one(Book.self, try await send("POST", ["books"], body: Self.body(fields, checkedOutBy: name)))
        guard let stored else { return book }
        do {
            return try await putCover(stored, of: book.id, ifVersion: book.version)
        } catch {
            // Two requests, but one outcome: without its cover, the book is taken back.
            try? await delete(id: book.id, ifVersion: nil)
            throw error
        }
    }

    public func cover(of id: Book.ID) async throws -> StoredCover? {
        let (url, response) = try await request("GET", ["books", "\(id)", "cover"], headers: ["Accept": "image/jpeg, image/png"])
        if response.status == 404 {
            // No such book, or a book without a cover: the book says which.
            _ = try await book(id: id)
            return nil
        }
        guard (200...299).contains(response.status) else { throw try failure(response, url: url, id: id) }
        let bytes = Array(response.body)
        return StoredCover(mediaType: ImageCodec.format(of: bytes)?.mediaType ?? "application/octet-stream", bytes: bytes, colors: nil)
    }

    /// Sends the picture with `PUT /books/{id}/cover`.
    private func putCover(_ cover: StoredCover, of id: Book.ID, ifVersion: Int?) async throws -> Book {
        var headers = ["Accept": "application/json", "Content-Type": cover.mediaType]
        if let ifVersion { headers["If-Match"] = "\"\(ifVersion)\"" }
        let (url, response) = try await request("PUT", ["books", "\(id)", "cover"], headers: headers, body: Data(cover.bytes))
        guard (200...299).contains(response.status) else { throw try failure(response, url: url, id: id) }
        return try one(Book.self, (try? JSONParser.parse(response.body)) ?? .null)
    }

    /// The fields first, then the cover, with the version the first answer gave: a server has no
    /// request for both. The picture is checked here before either is sent.
    public func edit(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, cover: CoverEdit?, ifVersion: Int?) async throws -> Book {
        var change: CoverChange?
        switch cover {
        case .upload(let bytes)?: change = .set(try await work.run({ CoverUpload.checked(bytes) }).mapError { FieldErrors([$0]) }.get())
        case .remove?: change = .remove
        case nil: break
        }
        var version = ifVersion
        var book: Book?
        if !changes.isEmpty || borrower != nil || change == nil {
            let edited = try await editFields(id: id, changes, checkedOutBy: borrower, ifVersion: ifVersion)
            version = edited.version
            book = edited
        }
        switch change {
        case .set(let stored)?: return try await putCover(stored, of: id, ifVersion: version)
        case .remove?: return try one(Book.self, try await send("DELETE", ["books", "\(id)", "cover"], id: id, ifVersion: version))
        case nil:
            if let book { return book }
            return try await self.book(id: id)
        }
    }

    private func editFields(id: Book.ID, _ changes: BookChanges, checkedOutBy borrower: String?, ifVersion: Int?) async throws -> Book {
        var members: [(String, JSONValue)] = []
        for (key, value) in [("title", changes.title), ("author", changes.author), ("publisher", changes.publisher), ("categories", changes.categories), ("isbn", changes.isbn)] {
            if let value { members.append((key, .string(value))) }
        }
        // The server checks the book out in the same request, as the original API does.
        if let borrower { members.append(("lastCheckedOutBy", .string(try BookForm.borrower(borrower).get()))) }
        return try one(Book.self, try await send("PUT", ["books", "\(id)"], id: id, body: .members(members), ifVersion: ifVersion))
    }

    public func checkOut(id: Book.ID, borrower: String, ifVersion: Int?) async throws -> Book {
        let name = try BookForm.borrower(borrower).get()
        return try one(Book.self, try await send("PUT", ["books", "\(id)"], id: id, body: .members([("lastCheckedOutBy", .string(name))]), ifVersion: ifVersion))
    }

    public func checkIn(id: Book.ID) async throws -> Book {
        try one(Book.self, try await send("POST", ["books", "\(id)", "checkin"], id: id))
    }

    public func delete(id: Book.ID, ifVersion: Int?) async throws {
        _ = try await send("DELETE", ["books", "\(id)"], id: id, ifVersion: ifVersion)
    }

    public func deleteAll() async throws {
        _ = try await send("DELETE", ["clean"])
    }

    public func loans(_ selection: LoanSelection) async throws -> PartialResult<Loan> {
        let json: JSONValue = switch selection {
        case .book(let id): try await send("GET", ["books", "\(id)", "loans"], id: id)
        case .borrower(let name): try await send("GET", ["borrowers", name, "loans"])
        case .patron(let id): try await send("GET", ["patrons", "\(id)", "loans"])
        // The server's clock decides what is overdue.
        case .overdue: try await send("GET", ["loans", "overdue"])
        case .all: try await send("GET", ["loans"])
        }
        return try list(Loan.self, json, what: "loans") { $0["borrower"]?.stringValue }
    }

    public func overdue() async throws -> PartialResult<Loan> {
        try await loans(.overdue(at: Date()))
    }

    public func importBooks(_ csv: String) async throws -> ImportReport {
        try report(.books, try await send("POST", ["import", "books"], csv: csv))
    }

    public func importLoans(_ csv: String) async throws -> ImportReport {
        try report(.loans, try await send("POST", ["import", "loans"], csv: csv))
    }

    public func exportBooks() async throws -> String {
        try await text(["export", "books.csv"])
    }

    public func exportLoans() async throws -> String {
        try await text(["export", "loans.csv"])
    }

    public func importPatrons(_ csv: String) async throws -> ImportReport {
        try report(.patrons, try await send("POST", ["import", "patrons"], csv: csv))
    }

    public func exportPatrons() async throws -> String {
        try await text(["export", "patrons.csv"])
    }

    // MARK: Circulation

    public func checkOut(book id: Book.ID, to patron: PatronReference, due: Date?, ifVersion: Int?) async throws -> CirculationOutcome {
        var patron = patron
        if case .cardOrName(let text) = patron {
            // The desk's patron must exist: found here, as the server's store finds it.
            if let found = try? await self.patron(card: text) {
                patron = .id(found.id)
            } else if let found = try await patrons(search: text, page: 1, perPage: 1).first, PatronSearch.key(of: found.name) == PatronSearch.key(of: text) {
                patron = .id(found.id)
            } else {
                throw LibraryError.cardNotFound(card: text)
            }
        }
        let body = JSONValue.members(Self.members(patron) + (due.map { [("due", JSONValue.string(LibraryDate.text($0)))] } ?? []))
        let book = try one(Book.self, try await send("PUT", ["books", "\(id)"], id: id, body: body, ifVersion: ifVersion))
        return CirculationOutcome(book: book, queue: try await queue(of: id))
    }

    public func checkIn(book id: Book.ID) async throws -> CirculationOutcome {
        let json = try await send("POST", ["books", "\(id)", "checkin"], id: id)
        let setAside = try json["heldFor"].flatMap { $0 == .null ? nil : try one(Hold.self, $0) }
        return CirculationOutcome(book: try one(Book.self, json), queue: try await queue(of: id), setAside: setAside)
    }

    public func renew(book id: Book.ID) async throws -> CirculationOutcome {
        let book = try one(Book.self, try await send("POST", ["books", "\(id)", "renew"], id: id))
        return CirculationOutcome(book: book, queue: try await queue(of: id))
    }

    public func placeHold(on id: Book.ID, for patron: PatronReference) async throws -> CirculationOutcome {
        let hold = try one(Hold.self, try await send("POST", ["books", "\(id)", "holds"], id: id, body: .members(Self.members(patron))))
        return CirculationOutcome(book: try await book(id: id), queue: try await queue(of: id), placed: hold, setAside: hold.state == .ready ? hold : nil)
    }

    public func cancelHold(_ hold: Hold.ID, on id: Book.ID) async throws -> CirculationOutcome {
        _ = try await send("DELETE", ["books", "\(id)", "holds", "\(hold)"], id: id)
        let queue = try await queue(of: id)
        return CirculationOutcome(book: try await book(id: id), queue: queue, setAside: queue.first { $0.state == .ready })
    }

    public func queue(of id: Book.ID) async throws -> [Hold] {
        try strictList(Hold.self, try await send("GET", ["books", "\(id)", "holds"], id: id), what: "holds")
    }

    public func holds(of patron: Patron.ID) async throws -> [Hold] {
        try strictList(Hold.self, try await send("GET", ["patrons", "\(patron)", "holds"]), what: "holds")
    }

    // MARK: Patrons

    /// The server's categories are its own: it checks a patron's.
    public var categories: [PatronCategory] { [] }

    public func addPatron(_ form: PatronForm) async throws -> Patron {
        try one(Patron.self, try await send("POST", ["patrons"], body: Self.body(form)))
    }

    public func editPatron(id: Patron.ID, _ form: PatronForm, ifVersion: Int?) async throws -> Patron {
        do {
            return try one(Patron.self, try await send("PUT", ["patrons", "\(id)"], body: Self.body(form), ifVersion: ifVersion))
        } catch LibraryError.patronChanged(_, let current) {
            throw LibraryError.patronChanged(id: id, current: current)
        }
    }

    public func patron(id: Patron.ID) async throws -> Patron {
        try one(Patron.self, try await send("GET", ["patrons", "\(id)"]))
    }

    public func patron(card: String) async throws -> Patron {
        let found = try strictList(Patron.self, try await send("GET", ["patrons"], query: [URLQueryItem(name: "card", value: card)]), what: "patrons")
        guard let patron = found.first else { throw LibraryError.cardNotFound(card: card) }
        return patron
    }

    public func patrons(search: String, page: Int, perPage: Int) async throws -> [Patron] {
        let query = [URLQueryItem(name: "search", value: search), URLQueryItem(name: "page", value: "\(page)"), URLQueryItem(name: "per_page", value: "\(perPage)")]
        return try strictList(Patron.self, try await send("GET", ["patrons"], query: query), what: "patrons")
    }

    public func mergePatrons(keep kept: Patron.ID, merge merged: Patron.ID) async throws -> Patron {
        try one(Patron.self, try await send("POST", ["patrons", "\(kept)", "merge"], body: .members([("from", .number(Double(merged.rawValue)))])))
    }

    public func deletePatron(id: Patron.ID) async throws {
        _ = try await send("DELETE", ["patrons", "\(id)"])
    }

    // MARK: Reminders

    public func reminders(_ state: OutboxMessage.State?, page: Int, perPage: Int) async throws -> OutboxPage {
        var query = [URLQueryItem(name: "page", value: "\(page)"), URLQueryItem(name: "per_page", value: "\(perPage)")]
        if let state { query.append(URLQueryItem(name: "state", value: state.rawValue)) }
        return try one(OutboxPage.self, try await send("GET", ["reminders"], query: query))
    }

    /// Who a request is for, as the API takes it: `patron` (an id), `card`, or the original clients' `lastCheckedOutBy`.
    static func members(_ patron: PatronReference) -> [(String, JSONValue)] {
        switch patron {
        case .id(let id): [("patron", .number(Double(id.rawValue)))]
        case .card(let card): [("card", .string(card))]
        case .name(let name), .cardOrName(let name): [("lastCheckedOutBy", .string(name))]
        }
    }

    /// The whole record, as `LocalLibrary` takes a form: what was not given is empty.
    static func body(_ form: PatronForm) -> JSONValue {
        .members([("name", .string(form.name ?? "")), ("card", .string(form.card ?? "")), ("email", .string(form.email ?? "")),
                  ("phone", .string(form.phone ?? "")), ("notes", .string(form.notes ?? "")), ("address", .string(form.address ?? "")),
                  ("category", .string(form.category ?? "")), ("remindersOff", .bool(form.remindersOff ?? false))])
    }

    // MARK: Answers

    /// Every item of a list, or the server's fault naming the first that cannot be read.
    private func strictList<T: JSONValueDecodable & Sendable>(_ type: T.Type, _ json: JSONValue, what: String) throws -> [T] {
        let items = try list(type, json, what: what) { _ in nil }
        if let problem = items.problems.first { throw RemoteLibraryError(url: baseURL, status: 200, message: "the server sent \(what) that cannot be read: \(problem)") }
        return items.items
    }

    /// One book or loan from the server's answer; an answer that is not one is the server's fault.
    private func one<T: JSONValueDecodable>(_ type: T.Type, _ json: JSONValue) throws -> T {
        do { return try T(json: json, codingPath: []) } catch let error as DecodingError {
            throw RemoteLibraryError(url: baseURL, status: 200, message: "the server sent a \(T.self) that cannot be read: \(Problem(decodingError: error))")
        }
    }

    /// The good items of a list, and a problem for each that cannot be read.
    private func list<T: JSONValueDecodable & Sendable>(_ type: T.Type, _ json: JSONValue, what: String,
                                                          itemName: (JSONValue) -> String?) throws -> PartialResult<T> {
        guard case .array(let items) = json else { throw invalid(what, "an array of \(what)", json) }
        return BatchDecoder().decode(type, elements: items, itemName: itemName)
    }

    private func report(_ table: LibraryCSV.Table, _ json: JSONValue) throws -> ImportReport {
        enum Key: String, CodingKey { case imported, alreadyThere, problems }
        do {
            let fields = try JSONFields(json, codingPath: [])
            let problems = try fields.optionalDecode(ImportProblems.self, Key.problems)?.problems ?? []
            let alreadyThere = try fields.optionalDecode(ImportProblems.self, Key.alreadyThere)?.problems ?? []
            return ImportReport(table: table, imported: try fields.integer(Int.self, Key.imported), alreadyThere: alreadyThere, problems: problems)
        } catch let error as DecodingError {
            throw RemoteLibraryError(url: baseURL, status: 200, message: "the server's import report cannot be read: \(Problem(decodingError: error))")
        }
    }

    // MARK: Requests

    /// A new book's body; `lastCheckedOutBy` checks it out in the same request.
    static func body(_ fields: BookFields, checkedOutBy borrower: String? = nil) -> JSONValue {
        .members([("title", .string(fields.title)), ("author", .string(fields.author)), ("publisher", fields.publisher.map(JSONValue.string) ?? .null),
                  ("categories", fields.categories.map(JSONValue.string) ?? .null), ("isbn", fields.isbn.map(JSONValue.string) ?? .null)]
                 + (borrower.map { [("lastCheckedOutBy", JSONValue.string($0))] } ?? []))
    }

    /// A text resource (a CSV export) under the base URL.
    private func text(_ path: [String]) async throws -> String {
        let (url, response) = try await request("GET", path, headers: ["Accept": "text/csv"])
        guard (200...299).contains(response.status) else { throw try failure(response, url: url, id: nil) }
        return String(decoding: response.body, as: UTF8.self)
    }

    /// Sends a request to `path` under the base URL and returns the JSON answer (`null` for none);
    /// the server's refusals become the library's errors.
    private func send(_ method: String, _ path: [String], query: [URLQueryItem] = [], id: Book.ID? = nil, body: JSONValue? = nil, csv: String? = nil,
                      ifVersion: Int? = nil) async throws -> JSONValue {
        var headers = ["Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        if csv != nil { headers["Content-Type"] = "text/csv; charset=utf-8" }
        if let ifVersion { headers["If-Match"] = "\"\(ifVersion)\"" }
        let data = body.map { Data($0.serialized(pretty: false).utf8) } ?? csv.map { Data($0.utf8) }
        let (url, response) = try await request(method, path, query: query, headers: headers, body: data)
        guard (200...299).contains(response.status) else { throw try failure(response, url: url, id: id) }
        return response.body.isEmpty ? .null : ((try? JSONParser.parse(response.body)) ?? .string(String(decoding: response.body.prefix(200), as: UTF8.self)))
    }

    private func request(_ method: String, _ path: [String], query: [URLQueryItem] = [], headers: [String: String], body: Data? = nil) async throws -> (URL, HTTPTransport.Response) {
        // Each segment is percent-encoded whole, so that a name with "/" or "?" stays one segment.
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        let encoded = path.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        let root = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard var components = URLComponents(string: root + "/" + encoded.joined(separator: "/")) else {
            throw RemoteLibraryError(url: baseURL, status: 0, message: "cannot make a URL for \(path.joined(separator: "/"))")
        }
        if !query.isEmpty { components.queryItems = query }
        let url = components.url ?? baseURL
        var headers = headers
        // The server may guard every write with its token, and the readers' records; a read with
        // it is the librarian's, who sees who has each book.
        if let adminToken { headers["Authorization"] = "Bearer \(adminToken)" }
        return (url, try await transport.send(HTTPRequestMessage(method: method, url: url, headers: headers, body: body), limits))
    }

    /// The server's refusal as the library's error.
    private func failure(_ response: HTTPTransport.Response, url: URL, id: Book.ID?) throws -> any Error {
        let json: JSONValue = (try? JSONParser.parse(response.body)) ?? .null
        let message = json["error"]?.stringValue ?? "the server answered \(response.status)"
        if let error = LibraryErrorJSON.error(json, book: id) { return error }
        switch response.status {
        case 400:
            if case .object(let fields)? = json["fields"] {
                return FieldErrors(fields.members.map { FieldError(field: $0.key, message: $0.value.stringValue ?? message) })
            }
            return FieldErrors([FieldError(field: "request", message: message)])
        case 404 where id != nil: return LibraryError.notFound(id: id ?? 0)
        case 409 where id != nil:
            if let borrower = json["lastCheckedOutBy"]?.stringValue {
                let since = json["lastCheckedOut"]?.stringValue.flatMap(LibraryDate.date) ?? Date()
                return LibraryError.onLoan(id: id ?? 0, borrower: borrower, since: since)
            }
            return LibraryError.notOnLoan(id: id ?? 0)
        case 412 where id != nil:
            guard case .number(let number)? = json["version"], let current = Int(exactly: number) else {
                return RemoteLibraryError(url: url, status: 412, message: message)
            }
            return LibraryError.versionMismatch(id: id ?? 0, current: current)
        case 422:
            return CSVImportError(message: message)
        default:
            return RemoteLibraryError(url: url, status: response.status, message: message)
        }
    }

    private func invalid(_ what: String, _ expected: String, _ json: JSONValue) -> RemoteLibraryError {
        RemoteLibraryError(url: baseURL, status: 200, message: "the server sent \(json.summary) for \(what), not \(expected)")
    }
}

/// The `problems` (or `alreadyThere`) of an import report as the API sends them: `[{"line": 3, "message": "title: is required"}]`.
private struct ImportProblems: JSONValueDecodable {
    let problems: [Problem]

    private enum Key: String, CodingKey { case line, message }

    init(json: JSONValue, codingPath: [any CodingKey]) throws {
        guard case .array(let items) = json else { throw DecodingError.typeMismatch([JSONValue].self, .init(codingPath: codingPath, debugDescription: "expected an array")) }
        problems = try items.map { item in
            let fields = try JSONFields(item, codingPath: codingPath)
            return Problem(line: try fields.integer(Int.self, Key.line), reason: try fields.string(Key.message))
        }
    }

    init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
}
