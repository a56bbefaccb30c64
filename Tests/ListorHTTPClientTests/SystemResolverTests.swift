import ListorHTTPClient
import ListorKit
import Testing

/// The system's resolver, asked only what the machine answers itself (the hosts file and
/// numbers), so that no test sends a DNS query beyond loopback.
@Suite struct SystemResolverTests {
    @Test func localhostIsLoopbackAndNumbersAreThemselves() async throws {
        let resolver = HostResolver.system()
        let local = try await resolver.resolve("localhost")
        #expect(!local.isEmpty)
        #expect(local.allSatisfy { $0.network == .loopback }, "\(local)")
        #expect(try await resolver.resolve("10.0.0.5") == [IPAddress("10.0.0.5")].compactMap { $0 })
        #expect(try await resolver.resolve("::1") == [IPAddress("::1")].compactMap { $0 })
    }

    @Test func aHostThatCannotBeANameIsAnErrorNamingIt() async throws {
        // Empty labels make getaddrinfo fail before it asks any server.
        await #expect(throws: HostResolutionError.self) { try await HostResolver.system().resolve("a..b") }
    }
}
