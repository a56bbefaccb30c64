import Foundation
import ListorCLI
import ListorCommandKit
import ListorTestSupport
import Synchronization
import Testing

/// Runs `listor serve` in process, on a free port with its data in a temporary directory, until
/// `body` is done. `body` gets the server's address, and reads what it has written to standard
/// error (its log) so far. The server stops when the task running it is cancelled.
/// Its environment variables are `variables` alone, so that the tests' own do not set it.
func withServe(_ arguments: [String], variables: [String: String] = [:],
               _ body: @escaping @Sendable (_ base: URL, _ log: @Sendable () -> String) async throws -> Void) async throws {
    let directory = try TemporaryDirectory()
    let (lines, output) = AsyncStream.makeStream(of: String.self)
    let log = Mutex("")
    var environment = CommandEnvironment(write: { output.yield($0) }, writeError: { text in log.withLock { $0 += text } })
    environment.variables = variables
    let server = Task {
        let code = await Listor.run(["serve", "--port", "0", "--data-dir", directory.url.path] + arguments, in: environment)
        output.finish()
        return code
    }
    var base: URL?
    var written = ""
    for await line in lines {
        written += line
        if let match = line.firstMatch(of: /running at (http:\/\/127\.0\.0\.1:\d+)\//) {
            base = URL(string: String(match.1))
            break
        }
    }
    guard let base else {
        Issue.record("listor serve did not start: \(written)\(log.withLock { $0 })")
        return
    }
    let outcome = await Result { try await body(base, { log.withLock { $0 } }) }
    server.cancel()
    _ = await server.value
    withExtendedLifetime(directory) {}
    try outcome.get()
}
