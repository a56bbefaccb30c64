import Foundation

/// A response as `HTTPDataProvider` needs it: status and body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// The transport under `HTTPDataProvider`: one GET, with its limits.
///
/// A struct of closures so that app cores depend on no networking library; the live one,
/// on AsyncHTTPClient, is in `ListorHTTPClient` and is chosen by the composition root.
/// Implementations throw `NetworkError` for transport failures and `CancellationError`
/// when the calling task is cancelled.
public struct HTTPTransport: Sendable {
    public var get: @Sendable (_ url: URL, _ limits: HTTPLimits) async throws -> HTTPResponse

    public init(get: @escaping @Sendable (_ url: URL, _ limits: HTTPLimits) async throws -> HTTPResponse) {
        self.get = get
    }

    /// A transport for tests that have not set one up: any use fails the test loudly.
    public static let unimplemented = HTTPTransport { url, _ in
        throw NetworkError.unreachable(url: url, reason: "HTTPTransport.unimplemented was called; the test did not set up a transport")
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
