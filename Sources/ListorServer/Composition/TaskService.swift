import ArgumentParser
import Foundation
import ListorCommandKit
import ServiceLifecycle

/// A loop that runs beside the web server until the server shuts down.
struct TaskService: Service {
    let body: @Sendable () async -> Void

    init(_ body: @escaping @Sendable () async -> Void) {
        self.body = body
    }

    func run() async throws {
        await cancelWhenGracefulShutdown { await body() }
    }
}
