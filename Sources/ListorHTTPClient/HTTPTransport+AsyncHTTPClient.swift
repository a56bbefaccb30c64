import AsyncHTTPClient
import Foundation
import ListorKit
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

extension HTTPTransport {
    /// Requests over AsyncHTTPClient, bounded by `HTTPLimits`, with failures as `NetworkError`.
    ///
    /// The caller owns `client` (made with `configuration`) and shuts it down; cancelling the
    /// calling task cancels the request. A request with a `connectAddress` for its host name
    /// goes through a client of its own whose DNS override sends the name to that address
    /// (AsyncHTTPClient keeps the name for TLS), so that the name is not resolved again.
    static func live(client: HTTPClient, configuration: HTTPClient.Configuration) -> HTTPTransport {
        HTTPTransport { message, limits in
            let url = message.url
            if let address = message.connectAddress, let host = url.host, case .name = IPAddress.urlHost(host) {
                var pinned = configuration
                pinned.dnsOverride = [host: address.description]
                let own = HTTPClient(eventLoopGroup: client.eventLoopGroup, configuration: pinned)
                var unpinned = message
                unpinned.connectAddress = nil
                let result: Result<HTTPTransport.Response, any Error>
                do { result = .success(try await live(client: own, configuration: pinned).send(unpinned, limits)) } catch { result = .failure(error) }
                try await own.shutdown()
                return try result.get()
            }
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw NetworkError.invalidResponse(url: url, reason: "only http and https URLs can be fetched")
            }
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = HTTPMethod(rawValue: message.method)
            for (name, value) in message.headers { request.headers.add(name: name, value: value) }
            request.headers.add(name: "User-Agent", value: "listor")
            if let body = message.body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let prepared = request
            let deadline = NIODeadline.now() + .nanoseconds(Int64(limits.timeout.components.seconds) * 1_000_000_000
                + limits.timeout.components.attoseconds / 1_000_000_000)
            do {
                // The deadline given to `execute` bounds the response's head only; the race
                // bounds the whole read, so that a server dripping its body cannot hold the
                // caller past the timeout. Losing it cancels the request and its connection.
                return try await withThrowingTaskGroup(of: HTTPTransport.Response.self) { group in
                    group.addTask {
                        let response = try await client.execute(prepared, deadline: deadline)
                        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limits.maximumBodySize {
                            throw NetworkError.tooLarge(url: url, limit: limits.maximumBodySize)
                        }
                        let body = try await response.body.collect(upTo: limits.maximumBodySize)
                        let fields = response.headers.map { HTTPHeaderField(name: $0.name.lowercased(), value: $0.value) }
                        return HTTPTransport.Response(status: Int(response.status.code), fields: fields, body: Data(body.readableBytesView))
                    }
                    group.addTask {
                        try await Task.sleep(for: limits.timeout)
                        throw NetworkError.timedOut(url: url, after: limits.timeout)
                    }
                    defer { group.cancelAll() }
                    guard let first = try await group.next() else { throw CancellationError() }
                    return first
                }
            } catch let error as NetworkError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch is NIOTooManyBytesError {
                throw NetworkError.tooLarge(url: url, limit: limits.maximumBodySize)
            } catch NIOHTTPDecompression.DecompressionError.limit {
                throw NetworkError.tooLarge(url: url, limit: limits.maximumBodySize)
            } catch let error as HTTPClientError {
                if error == .cancelled || Task.isCancelled { throw CancellationError() }
                if error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
                    throw NetworkError.timedOut(url: url, after: limits.timeout)
                }
                throw NetworkError.unreachable(url: url, reason: ErrorCause(error, describe: describe))
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw NetworkError.unreachable(url: url, reason: ErrorCause(error, describe: describe))
            }
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text
    }
}

/// A live transport whose HTTP client is shut down when `scope` ends.
///
/// A browser sets `followsRedirects` to false (it follows them itself, hop by hop) and a
/// `decompressedLimit`: gzip and deflate bodies are then inflated, and one that would inflate
/// past the limit fails as `NetworkError.tooLarge` (a decompression bomb stops there).
public func liveHTTPTransport(in scope: ResourceScope, followsRedirects: Bool = true, decompressedLimit: Int? = nil,
                              connectTimeout: Duration = .seconds(10)) -> HTTPTransport {
    var configuration = HTTPClient.Configuration()
    // A refused connection is an answer: report it at once instead of retrying until the timeout.
    configuration.connectionPool.retryConnectionEstablishment = false
    configuration.timeout.connect = .seconds(connectTimeout.components.seconds)
    if !followsRedirects { configuration.redirectConfiguration = .disallow }
    if let decompressedLimit { configuration.decompression = .enabled(limit: .size(decompressedLimit)) }
    let client = scope.keep(HTTPClient(configuration: configuration)) { try await $0.shutdown() }
    return .live(client: client, configuration: configuration)
}

/// Runs `body` with a live transport (see `liveHTTPTransport(in:)`) whose client is shut down
/// afterwards, however `body` ends.
@discardableResult
public func withLiveHTTPTransport<T: Sendable>(followsRedirects: Bool = true, decompressedLimit: Int? = nil, connectTimeout: Duration = .seconds(10),
                                               _ body: (HTTPTransport) async throws -> T) async throws -> T {
    try await ResourceScope.with { scope in
        try await body(liveHTTPTransport(in: scope, followsRedirects: followsRedirects, decompressedLimit: decompressedLimit, connectTimeout: connectTimeout))
    }
}
