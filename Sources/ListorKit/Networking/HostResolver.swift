/// Host names to the addresses they stand for, as a struct of closures: the system's resolver
/// in the app (built by the composition root), a fixed table in tests.
public struct HostResolver: Sendable {
    public var resolve: @Sendable (_ host: String) async throws -> [IPAddress]

    public init(resolve: @escaping @Sendable (_ host: String) async throws -> [IPAddress]) {
        self.resolve = resolve
    }

    /// A resolver for tests that have not set one up: any use fails the test loudly.
    public static let unimplemented = HostResolver { host in
        throw HostResolutionError(host: host, reason: "HostResolver.unimplemented was called; the test did not set up a resolver")
    }
}
