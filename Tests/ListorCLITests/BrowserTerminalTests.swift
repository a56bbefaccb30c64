import Foundation
import ListorTestSupport
import Testing

/// `listor browse` full screen in a real terminal (tmux), used as a person uses it: keys typed
/// with send-keys, the screen read with capture-pane.
@Suite struct BrowserTerminalTests {
    let directory: TemporaryDirectory
    let session = "browse"
    let tmux: TmuxServer

    init() throws {
        directory = try TemporaryDirectory()
        tmux = TmuxServer(socket: directory.path("tmux.socket"))
    }

    func keys(_ keys: String...) async throws {
        try await tmux.keys(keys, to: session)
    }

    /// The screen once it shows `text`, read again each time the terminal is written to (the
    /// count of bytes written is taken before each reading, so that no change is missed); fails
    /// with the screen as it is after `limit`.
    func screen(showing text: String, written output: ChildProcess, within limit: Duration = .seconds(30)) async throws -> String {
        let deadline = ContinuousClock.now + limit
        var written = 0
        while true {
            let screen = try await tmux.screen(of: session)
            if screen.contains(text) { return screen }
            guard let more = try? await output.printed(moreThan: written, within: deadline - ContinuousClock.now), more > written else {
                throw ChildProcess.Failure(description: "the terminal never showed \"\(text)\"; it shows:\n\(screen)")
            }
            written = more
        }
    }

    @Test func openFollowGoBackSearchAndWalkTheHistory() async throws {
        if let reason = TmuxServer.missing {
            ExternalComponent.unavailable(reason)
            return
        }
        try await withLoopbackServer(BrowserTestSite.router()) { [self] base in
            _ = try await TmuxServer.start(in: directory, session: session, columns: 90, rows: 16)
            let output = try await tmux.output(of: session, in: directory)
            func screen(showing text: String) async throws -> String {
                try await self.screen(showing: text, written: output)
            }
            let outcome = await Result { [self] in
                try await keys("\(TmuxServer.listor) browse \(base.absoluteString)/page --data-dir \(directory.url.path); \(tmux.signalling("quit"))", "Enter")
                // Given the page, full screen: its title in the top bar, its links numbered.
                let first = try await screen(showing: "See [1]the other page")
                #expect(first.split(separator: "\n").first?.hasPrefix(" The page (lines 1–6 of 6)") == true)
                #expect(first.contains("\(base.absoluteString)/other"))

                // A number, then Enter, follows that link.
                try await keys("1")
                _ = try await screen(showing: "Link or field number: 1")
                try await keys("Enter")
                _ = try await screen(showing: "Another page. [1]Back")

                // Left goes back; Right goes forward again; Left once more.
                try await keys("Left")
                _ = try await screen(showing: "See [1]the other page")
                try await keys("Right")
                _ = try await screen(showing: "Another page.")
                try await keys("Left")
                _ = try await screen(showing: "See [1]the other page")

                // / finds text on the page.
                try await keys("/")
                _ = try await screen(showing: "Find:")
                try await keys("the end.", "Enter")
                _ = try await screen(showing: "Found \"the end.\" on line 4.")
                try await keys("n")
                _ = try await screen(showing: "Found \"the end.\" on line 6.")
                // What was found is marked on the screen, and n says when it wrapped to the top.
                let marked = try await tmux.screen(of: session, attributes: true)
                #expect(marked.contains("[2]\u{1B}[1;4mthe end."), "bold and underlined, as less marks a match: \(marked.debugDescription)")
                try await keys("n")
                _ = try await screen(showing: "Search went past the end; from the top: found \"the end.\" on line 4.")

                // = shows what the page is.
                try await keys("=")
                _ = try await screen(showing: "Charset: utf-8 (from the HTTP header)")
                try await keys("Escape")
                _ = try await screen(showing: "See [1]the other page")

                // Resized, the page is wrapped again to the terminal's width, as lynx and w3m do.
                try await tmux.run(["resize-window", "-t", session, "-x", "30", "-y", "16"])
                let narrow = try await screen(showing: "\n[2]the end.")
                #expect(narrow.split(separator: "\n").contains { $0.hasPrefix("See [1]the other page or") }, "\(narrow)")
                try await tmux.run(["resize-window", "-t", session, "-x", "90", "-y", "16"])
                _ = try await screen(showing: "See [1]the other page or [2]the end.")

                // A key the page does not know shows every key, over as many lines as that takes.
                try await keys("z")
                let help = try await screen(showing: "= info, q quit")
                #expect(help.contains("Keys: number+Enter follow"))

                // a keeps the page; v lists the bookmarks, where d removes the one chosen.
                try await keys("a")
                _ = try await screen(showing: "Bookmarked The page")
                try await keys("v")
                _ = try await screen(showing: "Enter: open · d: remove")
                try await keys("d")
                let removed = try await screen(showing: "Removed the bookmark of The page")
                #expect(removed.contains("No bookmarks yet."))
                try await keys("Escape")
                _ = try await screen(showing: "See [1]the other page")

                // h: the hosts visited, then a host's pages, then a page.
                try await keys("h")
                let hosts = try await screen(showing: "History: hosts, by priority")
                #expect(hosts.contains("127.0.0.1  (127.0.0.1, 2 visits)"))
                try await keys("Enter")
                _ = try await screen(showing: "History: 127.0.0.1 (127.0.0.1)")
                try await keys("Down", "Enter")
                _ = try await screen(showing: "See [1]the other page")

                // q quits and gives the terminal back.
                try await keys("q")
                try await tmux.wait(for: "quit")
                let after = try await tmux.screen(of: session)
                #expect(!after.contains("See [1]the other page"))
            }
            await tmux.stop()
            await output.kill()
            try outcome.get()
        }
    }
}
