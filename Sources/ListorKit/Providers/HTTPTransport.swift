import Foundation

/// The transport under `HTTPDataProvider` and the library's remote client: one request, with
/// its limits.
///
/// A struct of closures so that app cores depend on no networking library; the live one,
/// on AsyncHTTPClient, is in `ListorHTTPClient` and is chosen by the composition root.
/// Implementations throw `NetworkError` for transport failures and `CancellationError`
/// when the calling task is cancelled. Any status is a response, not an error.
public struct HTTPTransport: Sendable {
    public var send: @Sendable (_ request: HTTPRequestMessage, _ limits: HTTPLimits) async throws -> HTTPTransport.Response

    public init(send: @escaping @Sendable (_ request: HTTPRequestMessage, _ limits: HTTPLimits) async throws -> HTTPTransport.Response) {
        self.send = send
    }

    public func get(_ url: URL, _ limits: HTTPLimits) async throws -> HTTPTransport.Response {
        try await send(HTTPRequestMessage(url: url, headers: ["Accept": "application/json"]), limits)
    }

    /// A transport for tests that have not set one up: any use fails the test loudly.
    public static let unimplemented = HTTPTransport { request, _ in
        throw NetworkError.unreachable(url: request.url, reason: "HTTPTransport.unimplemented was called; the test did not set up a transport")
    }
}
