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

    /// Runs tmux and returns what it printed. The first call starts tmux's server, which keeps
    /// the streams it inherits: those go to a file, so that reading them never waits on it.
    @discardableResult
    func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> String {
        let output = directory.url.appendingPathComponent("tmux-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tmux)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return try String(contentsOf: output, encoding: .utf8)
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

        let session = "listor-\(UUID().uuidString.prefix(8))"
        let signal = session + "-done"
        try run(["new-session", "-d", "-s", session, "-x", "120", "-y", "20"], in: directory)
        defer { _ = try? run(["kill-session", "-t", session], in: directory) }
        try run(["send-keys", "-t", session, "\(Self.listor) library list --data-dir \(directory.url.path); tmux wait-for -S \(signal)", "Enter"], in: directory)
        try run(["wait-for", signal], in: directory)
        // -e keeps the attributes the terminal applied: red text would show as an SGR sequence.
        let screen = try run(["capture-pane", "-p", "-e", "-t", session], in: directory)
        #expect(screen.contains("Dune<U+001B>[2J"))
        #expect(screen.contains("Ann<U+001B>[31mRED"))
        #expect(!screen.contains("\u{1B}[31m"))
    }
}
