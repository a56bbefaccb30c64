import Foundation
import Hummingbird
import HummingbirdTesting

/// Runs `body` against a real HTTP server on 127.0.0.1 serving `router`, and stops it afterwards.
///
/// - Parameter body: receives the server's base URL, e.g. `http://127.0.0.1:41234`.
public func withLoopbackServer<Value: Sendable, Builder: HTTPResponderBuilder>(
    _ router: Builder,
    _ body: @escaping @Sendable (URL) async throws -> Value
) async throws -> Value where Builder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    return try await app.test(.live) { client in
        guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            preconditionFailure("the live test server did not report its port")
        }
        return try await body(url)
    }
}
