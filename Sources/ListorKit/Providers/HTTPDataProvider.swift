import Foundation

/// A request as app cores send it: method, URL, headers and body.
public struct HTTPRequestMessage: Sendable, Hashable {
    public var method: String
    public var url: URL
    /// Header names as written; the transport adds `User-Agent`.
    public var headers: [String: String]
    public var body: Data?

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response as app cores need it: status, headers (names in lower case) and body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The transport under `HTTPDataProvider` and the library's remote client: one request, with
/// its limits.
///
/// A struct of closures so that app cores depend on no networking library; the live one,
/// on AsyncHTTPClient, is in `ListorHTTPClient` and is chosen by the composition root.
/// Implementations throw `NetworkError` for transport failures and `CancellationError`
/// when the calling task is cancelled. Any status is a response, not an error.
public struct HTTPTransport: Sendable {
    public var send: @Sendable (_ request: HTTPRequestMessage, _ limits: HTTPLimits) async throws -> HTTPResponse

    public init(send: @escaping @Sendable (_ request: HTTPRequestMessage, _ limits: HTTPLimits) async throws -> HTTPResponse) {
        self.send = send
    }

    public func get(_ url: URL, _ limits: HTTPLimits) async throws -> HTTPResponse {
        try await send(HTTPRequestMessage(url: url, headers: ["Accept": "application/json"]), limits)
    }

    /// A transport for tests that have not set one up: any use fails the test loudly.
    public static let unimplemented = HTTPTransport { request, _ in
        throw NetworkError.unreachable(url: request.url, reason: "HTTPTransport.unimplemented was called; the test did not set up a transport")
    }
}

/// Bounds on one request: how long it may take and how big its body may be.
public struct HTTPLimits: Sendable, Hashable {
    public var timeout: Duration
    public var maximumBodySize: Int

    public init(timeout: Duration = .seconds(30), maximumBodySize: Int = 64 << 20) {
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }
}

/// Fetches a URL and decodes its body.
public struct HTTPDataProvider<Value: Sendable>: DataProvider {
    public let url: URL
    public let limits: HTTPLimits
    private let transport: HTTPTransport
    private let decode: @Sendable (Data) throws -> Value

    public init(
        url: URL,
        transport: HTTPTransport,
        limits: HTTPLimits = HTTPLimits(),
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.url = url
        self.transport = transport
        self.limits = limits
        self.decode = decode
    }

    public func load() async throws -> Value {
        try Task.checkCancellation()
        let response = try await transport.get(url, limits)
        guard (200...299).contains(response.status) else {
            throw NetworkError.badStatus(url: url, status: response.status)
        }
        try Task.checkCancellation()
        do {
            return try decode(response.body)
        } catch {
            throw NetworkError.notDecodable(url: url, reason: "\(error)")
        }
    }
}
