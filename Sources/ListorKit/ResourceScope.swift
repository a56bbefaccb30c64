import Synchronization

/// What a composition opens for as long as its work runs — connections, clients, threads, a
/// plant — closed last first once the work ends, however it ends, as Python's `AsyncExitStack`
/// closes its contexts: a composition opens one resource after another in flat code, not in one
/// nested closure per resource.
public final class ResourceScope: Sendable {
    private let closers = Mutex<[@Sendable () async throws -> Void]>([])

    private init() {}

    /// Runs `body` with a new scope, then closes what it opened, last first. A failure to close
    /// is thrown when `body` did not fail itself.
    public static func with<T: Sendable>(_ body: (ResourceScope) async throws -> T) async throws -> T {
        let scope = ResourceScope()
        let result: Result<T, any Error>
        do { result = .success(try await body(scope)) } catch { result = .failure(error) }
        var closing: (any Error)?
        for close in scope.closers.withLock({ $0.reversed() }) {
            do { try await close() } catch { closing = closing ?? error }
        }
        let value = try result.get()
        if let closing { throw closing }
        return value
    }

    /// `resource`, closed by `close` when the scope ends.
    @discardableResult
    public func keep<R: Sendable>(_ resource: R, closing close: @escaping @Sendable (R) async throws -> Void) -> R {
        onClose { try await close(resource) }
        return resource
    }

    /// Runs `action` when the scope ends, before what was opened before it is closed.
    public func onClose(_ action: @escaping @Sendable () async throws -> Void) {
        closers.withLock { $0.append(action) }
    }
}
