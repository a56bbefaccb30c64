import Foundation

/// The seed's `HostAccessorProtocol`: visiting a host saves it; the owner gets every host.
///
/// The seed resolved accessors from a shared Swinject injector (`sharedHostAccessorDependencyInjector`);
/// here there is no shared instance: the composition root (`ListorCLI/Composition`) builds a
/// `DefaultHostAccessor` on the history store and passes it down through initializers, and
/// tests pass an `EmptyHostAccessor` or one on a temporary file.
public protocol HostAccessor: Sendable {
    func visit(host: VisitedHost) async throws
    func all() async throws -> [VisitedHost]
}

/// Hosts in the history store: a host is stored once, however often it is visited.
public struct DefaultHostAccessor: HostAccessor {
    private let store: any HistoryStore

    public init(store: any HistoryStore) {
        self.store = store
    }

    public func visit(host: VisitedHost) async throws {
        try await store.recordHost(host.address, title: host.lastTitle, at: host.lastVisit)
    }

    public func all() async throws -> [VisitedHost] {
        try await store.hosts()
    }
}

/// Remembers nothing: for tests, and for browsing without history (`--no-history`).
public struct EmptyHostAccessor: HostAccessor {
    public init() {}
    public func visit(host: VisitedHost) async throws {}
    public func all() async throws -> [VisitedHost] { [] }
}
