import Foundation
import ListorKit

/// The library on any Prolific-compatible server, over HTTP: the original API for books and
/// checkouts, and Listor's additions (check-in, loans, ETags) where the server has them.
public struct RemoteLibrary: LibraryService {
    /// The API's root, e.g. `http://127.0.0.1:8080/library/api`.
    public let baseURL: URL
    public let adminToken: String?
    private let transport: HTTPTransport
    private let limits: HTTPLimits

    public init(baseURL: URL, transport: HTTPTransport, adminToken: String? = nil, limits: HTTPLimits = HTTPLimits(timeout: .seconds(15), maximumBodySize: 16 << 20)) {
        self.baseURL = baseURL
        self.transport = transport
        self.adminToken = adminToken
        self.limits = limits
    }

    public func books(_ query: BookQuery) async throws -> [Book] {
        var parameters: [URLQueryItem] = []
        if !query.search.isEmpty { parameters.append(URLQueryItem(name: "search", value: query.search)) }
        if query.status != .all { parameters.append(URLQueryItem(name: "status", value: query.status.rawValue)) }
        let json = try await send("GET", ["books"], query: parameters)
        guard case .array(let items) = json else { throw invalid("books", "an array of books", json) }
        return try items.map { try BookJSON.book($0) }
    }

    public func book(id: Int64) async throws -> Book {
        try BookJSON.book(try await send("GET", ["books", "\(id)"], id: id))
    }

    public func add(_ form: BookForm) async throws -> Book {
        let fields = try form.validated().get()
        return try BookJSON.book(try await send("POST", ["books"], body: Self.body(fields)))
    }

    public func edit(id: Int64, _ changes: BookChanges, ifVersion: Int?) async throws -> Book {
        var members: [(String, JSONValue)] = []
        for (key, value) in [("title", changes.title), ("author", changes.author), ("publisher", changes.publisher), ("categories", changes.categories), ("isbn", changes.isbn)] {
            if let value { members.append((key, .string(value))) }
        }
        return try BookJSON.book(try await send("PUT", ["books", "\(id)"], id: id, body: .members(members), ifVersion: ifVersion))
    }

    public func checkOut(id: Int64, borrower: String, ifVersion: Int?) async throws -> Book {
        let name = try BookForm.borrower(borrower).get()
        return try BookJSON.book(try await send("PUT", ["books", "\(id)"], id: id, body: .members([("lastCheckedOutBy", .string(name))]), ifVersion: ifVersion))
    }

    public func checkIn(id: Int64) async throws -> Book {
        try BookJSON.book(try await send("POST", ["books", "\(id)", "checkin"], id: id))
    }

    public func delete(id: Int64, ifVersion: Int?) async throws {
        _ = try await send("DELETE", ["books", "\(id)"], id: id, ifVersion: ifVersion)
    }

    public func deleteAll() async throws {
        _ = try await send("DELETE", ["clean"])
    }

    public func loans(_ selection: LoanSelection) async throws -> [Loan] {
        let json: JSONValue = switch selection {
        case .book(let id): try await send("GET", ["books", "\(id)", "loans"], id: id)
        case .borrower(let name): try await send("GET", ["borrowers", name, "loans"])
        // The server's clock decides what is overdue.
        case .overdue: try await send("GET", ["loans", "overdue"])
        case .all: try await send("GET", ["loans"])
        }
        guard case .array(let items) = json else { throw invalid("loans", "an array of loans", json) }
        return try items.map { try BookJSON.loan($0) }
    }

    public func overdue() async throws -> [Loan] {
        try await loans(.overdue(at: Date()))
    }

    // MARK: Requests

    static func body(_ fields: BookFields) -> JSONValue {
        .members([("title", .string(fields.title)), ("author", .string(fields.author)), ("publisher", fields.publisher.map(JSONValue.string) ?? .null),
                  ("categories", fields.categories.map(JSONValue.string) ?? .null), ("isbn", fields.isbn.map(JSONValue.string) ?? .null)])
    }

    /// Sends a request to `path` under the base URL and returns the JSON answer (`null` for none);
    /// the server's refusals become the library's errors.
    private func send(_ method: String, _ path: [String], query: [URLQueryItem] = [], id: Int64? = nil, body: JSONValue? = nil, ifVersion: Int? = nil) async throws -> JSONValue {
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
        var headers = ["Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        if let ifVersion { headers["If-Match"] = "\"\(ifVersion)\"" }
        if method == "DELETE", let adminToken { headers["Authorization"] = "Bearer \(adminToken)" }
        let response = try await transport.send(HTTPRequestMessage(method: method, url: url, headers: headers, body: body.map { Data($0.serialized(pretty: false).utf8) }), limits)
        let json: JSONValue = response.body.isEmpty ? .null : ((try? JSONParser.parse(response.body)) ?? .string(String(decoding: response.body.prefix(200), as: UTF8.self)))
        if (200...299).contains(response.status) { return json }
        let message = json["error"]?.stringValue ?? "the server answered \(response.status)"
        switch response.status {
        case 400:
            if case .object(let fields)? = json["fields"] {
                throw FieldErrors(fields.members.map { FieldError(field: $0.key, message: $0.value.stringValue ?? message) })
            }
            throw FieldErrors([FieldError(field: "request", message: message)])
        case 404 where id != nil: throw LibraryError.notFound(id: id ?? 0)
        case 409 where id != nil:
            if let borrower = json["lastCheckedOutBy"]?.stringValue {
                let since = json["lastCheckedOut"]?.stringValue.flatMap(LibraryDate.date) ?? Date()
                throw LibraryError.onLoan(id: id ?? 0, borrower: borrower, since: since)
            }
            throw LibraryError.notOnLoan(id: id ?? 0)
        case 412 where id != nil:
            guard case .number(let current)? = json["version"] else { throw RemoteLibraryError(url: url, status: 412, message: message) }
            throw LibraryError.versionMismatch(id: id ?? 0, current: Int(current))
        default:
            throw RemoteLibraryError(url: url, status: response.status, message: message)
        }
    }

    private func invalid(_ what: String, _ expected: String, _ json: JSONValue) -> RemoteLibraryError {
        RemoteLibraryError(url: baseURL, status: 200, message: "the server sent \(json.summary) for \(what), not \(expected)")
    }
}

/// A refusal from a library server that the library's own errors do not cover.
public struct RemoteLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    public let url: URL
    public let status: Int
    public let message: String

    public var description: String { "\(url.absoluteString): \(message)" }
}
