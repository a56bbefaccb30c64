import Foundation
import Library
import LibrarySQLite
import ListorTestSupport
import Testing

/// Stored text never drives the terminal: `listor library list`, run in a real terminal (tmux),
/// shows a borrower's escape sequences as code points instead of obeying them.
@Suite struct TerminalOutputTests {
    static let tmux = "/usr/bin/tmux"

    /// The `listor` executable built beside this test bundle.
    static var listor: String {
        (Bundle.main.executableURL ?? Bundle.main.bundleURL).deletingLastPathComponent().appendingPathComponent("listor").path
    }

    /// Runs tmux on the test's own server (its socket in `directory`, no configuration file)
    /// and returns what it printed. The call that starts the server throws its output away:
    /// the server keeps the streams it inherits, so they would never end.
    @discardableResult
    func tmux(_ arguments: [String], in directory: TemporaryDirectory, startsServer: Bool = false, within limit: Duration = .seconds(60)) async throws -> String {
        let command = ["-S", directory.path("tmux.socket"), "-f", "/dev/null"] + arguments
        let tmux = try ChildProcess(Self.tmux, command, output: startsServer ? .discarded : .kept)
        let (status, output) = try await tmux.exit(within: limit)
        guard status == 0 else { throw ChildProcess.Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(output)") }
        return output
    }

    @Test func escapeSequencesInStoredTextAreShownNotObeyed() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.tmux), FileManager.default.isExecutableFile(atPath: Self.listor) else {
            let reason = "the terminal test needs tmux (Debian: apt-get install tmux) and a built listor at \(Self.listor)"
            if ExternalComponent.isRequired { Issue.record(Comment(rawValue: reason)) } else { print("skipping: \(reason)") }
            return
        }
        let directory = try TemporaryDirectory()
        // Written straight into the store, as an older version that did not check names could have.
        let store = try SQLiteLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        let book = try await store.insert(BookFields(title: "Dune\u{1B}[2J", author: "Frank Herbert"))
        _ = try await store.checkOut(id: book.id, Checkout(borrower: "Ann\u{1B}[31mRED", date: Date(), due: Date().addingTimeInterval(86400)), expectedVersion: nil)

        let session = "listor"
        let signal = "listor-done"
        try await tmux(["new-session", "-d", "-s", session, "-x", "120", "-y", "20", "/bin/sh"], in: directory, startsServer: true)
        let outcome = await Result {
            let socket = directory.path("tmux.socket")
            try await tmux(["send-keys", "-t", session, "\(Self.listor) library list --data-dir \(directory.url.path); \(Self.tmux) -S \(socket) wait-for -S \(signal)", "Enter"], in: directory)
            do {
                try await tmux(["wait-for", signal], in: directory)
            } catch {
                let screen = (try? await tmux(["capture-pane", "-p", "-t", session], in: directory)) ?? ""
                throw ChildProcess.Failure(description: "\(error); the terminal shows:\n\(screen)")
            }
            // -e keeps the attributes the terminal applied: red text would show as an SGR sequence.
            return try await tmux(["capture-pane", "-p", "-e", "-t", session], in: directory)
        }
        _ = try? await tmux(["kill-server"], in: directory)
        let screen = try outcome.get()
        #expect(screen.contains("Dune<U+001B>[2J"))
        #expect(screen.contains("Ann<U+001B>[31mRED"))
        #expect(!screen.contains("\u{1B}[31m"))
    }
}
