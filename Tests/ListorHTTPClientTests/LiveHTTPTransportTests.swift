import Foundation
import Hummingbird
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import Testing

/// A one-way signal: `wait()` returns once `open()` has been called, however the two are ordered.
private final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    func open() { continuation.finish() }
    func wait() async { for await _ in stream {} }
}

@Suite struct LiveHTTPTransportTests {
    /// `/slow` answers only when `release` opens, and opens `arrived` when the request gets there.
    private func router(arrived: Gate = Gate(), release: Gate = Gate()) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("catalog.json") { _, _ in "[1, 2, 3]" }
        router.get("large") { _, _ in String(repeating: "x", count: 4096) }
        router.get("broken") { _, _ -> Response in Response(status: .internalServerError) }
        router.get("slow") { _, _ -> String in
            arrived.open()
            await release.wait()
            return "late"
        }
        // The head at once, then one byte of the 100,000 it promises, then nothing until `release` opens.
        router.get("drip") { _, _ -> Response in
            Response(status: .ok, body: ResponseBody(contentLength: 100_000) { writer in
                try await writer.write(ByteBuffer(string: "<"))
                arrived.open()
                await release.wait()
                try await writer.finish(nil)
            })
        }
        return router
    }

    private func provider(_ url: URL, _ transport: HTTPTransport, limits: HTTPLimits = HTTPLimits()) -> HTTPDataProvider<JSONValue> {
        HTTPDataProvider(url: url, transport: transport, limits: limits) { try JSONParser.parse($0) }
    }

    @Test func fetchesAndDecodesOverLoopback() async throws {
        try await withLoopbackServer(router()) { base in
            try await withLiveHTTPTransport { transport in
                let value = try await provider(base.appendingPathComponent("catalog.json"), transport).load()
                #expect(value == .array([.number(1), .number(2), .number(3)]))
            }
        }
    }

    @Test func badStatusesAndOversizedBodiesAreNamedErrors() async throws {
        try await withLoopbackServer(router()) { base in
            try await withLiveHTTPTransport { transport in
                let missing = base.appendingPathComponent("missing.json")
                await #expect { try await provider(missing, transport).load() } throws: { error in
                    (error as? NetworkError) == .badStatus(url: missing, status: 404)
                }
                let broken = base.appendingPathComponent("broken")
                await #expect { try await provider(broken, transport).load() } throws: { error in
                    "\(error)" == "\(broken.absoluteString): the server answered 500 Internal Server Error"
                }
                let large = base.appendingPathComponent("large")
                await #expect { try await provider(large, transport, limits: HTTPLimits(maximumBodySize: 1024)).load() } throws: { error in
                    (error as? NetworkError) == .tooLarge(url: large, limit: 1024)
                }
            }
        }
    }

    @Test func aRefusedConnectionIsUnreachable() async throws {
        // Port 1 (tcpmux) has no listener on a test machine; the kernel refuses at once.
        let url = URL(string: "http://127.0.0.1:1/catalog.json")!
        try await withLiveHTTPTransport { transport in
            await #expect { try await provider(url, transport).load() } throws: { error in
                "\(error)" == "http://127.0.0.1:1/catalog.json: cannot connect: connection refused"
            }
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let release = Gate()
        try await withLoopbackServer(router(release: release)) { base in
            defer { release.open() }
            try await withLiveHTTPTransport { transport in
                let url = base.appendingPathComponent("slow")
                await #expect { try await provider(url, transport, limits: HTTPLimits(timeout: .milliseconds(300))).load() } throws: { error in
                    (error as? NetworkError) == .timedOut(url: url, after: .milliseconds(300))
                }
            }
        }
    }

    /// The timeout bounds the whole read, the body with the head: a server that sends its head
    /// and then drips its body cannot hold the caller (and whatever slot it holds) past it.
    @Test(.timeLimit(.minutes(1))) func aBodyThatNeverEndsTimesOut() async throws {
        let release = Gate()
        try await withLoopbackServer(router(release: release)) { base in
            defer { release.open() }
            try await withLiveHTTPTransport { transport in
                let url = base.appendingPathComponent("drip")
                await #expect { try await provider(url, transport, limits: HTTPLimits(timeout: .milliseconds(500))).load() } throws: { error in
                    (error as? NetworkError) == .timedOut(url: url, after: .milliseconds(500))
                }
                // Not `await arrived.wait()`: on a loaded machine the head may not come within the
                // limit, and then the read times out before the server's handler runs (still correct).
            }
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let arrived = Gate()
        let release = Gate()
        try await withLoopbackServer(router(arrived: arrived, release: release)) { base in
            defer { release.open() }
            try await withLiveHTTPTransport { transport in
                let load = Task { try await provider(base.appendingPathComponent("slow"), transport).load() }
                // Given the request is at the server, when the task is cancelled, then the load ends with CancellationError.
                await arrived.wait()
                load.cancel()
                await #expect(throws: CancellationError.self) { try await load.value }
            }
        }
    }
}
