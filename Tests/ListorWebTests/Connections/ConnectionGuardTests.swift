import Foundation
import Library
import LibrarySQL
import ListorTestSupport
import ListorWeb
import Testing

/// Every connection is bounded: a silent or slow client is closed after its timeout, and a
/// connection beyond the limit is told to come back later.
@Suite struct ConnectionGuardTests {
    static let limits = ConnectionLimits(headerTimeout: .milliseconds(300), idleTimeout: .milliseconds(300), bodyTimeout: .milliseconds(300),
                                         maximumConnections: 3, retryAfter: 7)

    func withServer(limits: ConnectionLimits = Self.limits, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let site = try await LibrarySite()
        try await withLiveWebServer(configuration: WebConfiguration(port: 0, limits: limits), modules: [site.module()], body)
        withExtendedLifetime(site) {}
    }

    @Test func aClientThatSendsNothingIsClosed() async throws {
        try await withServer { port in
            let silent = try RawHTTPConnection(port: port)
            #expect(try await silent.readToEnd() == "")
        }
    }

    @Test func aClientThatNeverFinishesItsHeadersIsClosed() async throws {
        try await withServer { port in
            let slow = try RawHTTPConnection(port: port)
            try slow.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n")
            #expect(try await slow.readToEnd() == "")
        }
    }

    @Test func aKeptAliveConnectionIsClosedWhenIdle() async throws {
        try await withServer { port in
            let kept = try RawHTTPConnection(port: port)
            try kept.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // The answer arrives, and then the server closes the idle connection.
            let text = try await kept.readToEnd()
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.hasSuffix("ok\n"))
        }
    }

    @Test func aBodyThatNeverArrivesIsClosed() async throws {
        try await withServer { port in
            let slow = try RawHTTPConnection(port: port)
            try slow.send("POST /library/api/books HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\ntitle=")
            #expect(!(try await slow.readToEnd()).hasPrefix("HTTP/1.1 201"))
        }
    }

    /// One address that opens connections and sends nothing holds its share and no more: the
    /// one beyond it is closed at once, and other clients are served meanwhile.
    @Test(.timeLimit(.minutes(1))) func aClientBeyondItsShareOfConnectionsIsClosedAtOnce() async throws {
        var limits = Self.limits
        limits.headerTimeout = .seconds(600)
        limits.idleTimeout = .seconds(600)
        limits.maximumConnectionsPerClient = 2
        try await withServer(limits: limits) { port in
            // Each held connection is answered once, so that the server has counted it (the
            // server's event loops take new connections in no set order).
            var held: [RawHTTPConnection] = []
            for _ in 0..<2 {
                let connection = try RawHTTPConnection(port: port, from: "127.0.0.2")
                try connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(try await connection.read(through: "ok\n").hasPrefix("HTTP/1.1 200"))
                held.append(connection)
            }
            let beyond = try RawHTTPConnection(port: port, from: "127.0.0.2")
            #expect(try await beyond.readToEnd() == "", "closed without an answer")
            let other = try RawHTTPConnection(port: port, from: "127.0.0.3")
            try other.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(try await other.readToEnd().hasPrefix("HTTP/1.1 200"))
            withExtendedLifetime(held) {}
        }
    }

    @Test func aConnectionBeyondTheLimitIsToldToComeBack() async throws {
        // Timeouts long enough that the held connections stay however slow the machine is.
        var limits = Self.limits
        limits.headerTimeout = .seconds(600)
        try await withServer(limits: limits) { port in
            let held = try (0..<3).map { _ in try RawHTTPConnection(port: port) }
            // Each held connection is counted once the server has it: the first request on a
            // fresh one shows whether the limit is reached.
            var refused: RawHTTPConnection.Response?
            for _ in 0..<50 {
                let response = try await RawHTTPConnection.request(port: port, "GET", "/health")
                if response.status == 503 {
                    refused = response
                    break
                }
            }
            #expect(refused?.headers["retry-after"] == "7")
            #expect(refused?.body.contains("too many connections") == true)
            withExtendedLifetime(held) {}
        }
    }
}
