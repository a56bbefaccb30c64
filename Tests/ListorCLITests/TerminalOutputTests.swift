import Foundation
import Library
import LibrarySQL
import ListorTestSupport
import Testing

/// Stored text never drives the terminal: `listor library list`, run in a real terminal (tmux),
/// shows a borrower's escape sequences as code points instead of obeying them.
@Suite struct TerminalOutputTests {
    @Test func escapeSequencesInStoredTextAreShownNotObeyed() async throws {
        if let reason = TmuxServer.missing {
            ExternalComponent.unavailable(reason)
            return
        }
        let directory = try TemporaryDirectory()
        // Written straight into the store, as an older version that did not check names could have.
        let store = try SQLLibraryStore(path: directory.path("library.sqlite"), seeded: false)
        let book = try await store.insert(BookFields(title: "Dune\u{1B}[2J", author: "Frank Herbert"))
        _ = try await store.checkOut(id: book.id, Checkout(borrower: "Ann\u{1B}[31mRED", date: Date(), due: Date().addingTimeInterval(86400)), expectedVersion: nil)

        let session = "listor"
        let signal = "listor-done"
        let tmux = try await TmuxServer.start(in: directory, session: session, columns: 120, rows: 20)
        let outcome = await Result {
            try await tmux.keys(["\(TmuxServer.listor) library list --data-dir \(directory.url.path); \(tmux.signalling(signal))", "Enter"], to: session)
            do {
                try await tmux.wait(for: signal)
            } catch {
                let screen = (try? await tmux.screen(of: session)) ?? ""
                throw ChildProcess.Failure(description: "\(error); the terminal shows:\n\(screen)")
            }
            // -e keeps the attributes the terminal applied: red text would show as an SGR sequence.
            return try await tmux.screen(of: session, attributes: true)
        }
        await tmux.stop()
        let screen = try outcome.get()
        #expect(screen.contains("Dune<U+001B>[2J"))
        #expect(screen.contains("Ann<U+001B>[31mRED"))
        #expect(!screen.contains("\u{1B}[31m"))
    }
}
