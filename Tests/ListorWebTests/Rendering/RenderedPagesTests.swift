import NIOCore
import Testing
@testable import ListorWeb

/// Kept pages in two generations: what is asked again stays, what was asked once goes.
@Suite struct RenderedPagesTests {
    /// The page for `key`, and whether it had to be rendered.
    static func ask(_ pages: RenderedPages<String>, _ key: String) -> (page: String, rendered: Bool) {
        var rendered = false
        let page = pages.page(for: key) {
            rendered = true
            return Array("page \(key)".utf8)
        }
        return (String(buffer: page), rendered)
    }

    @Test func pagesAskedAgainStayWhilePagesAskedOnceGo() {
        let pages = RenderedPages<String>(name: "test", capacity: 2)
        #expect(Self.ask(pages, "a") == ("page a", true))
        #expect(Self.ask(pages, "b") == ("page b", true))
        #expect(Self.ask(pages, "a") == ("page a", false))
        // The generation is full: "a" and "b" become the old one.
        #expect(Self.ask(pages, "c").rendered)
        #expect(Self.ask(pages, "a") == ("page a", false), "asked again from the old generation, and moved to the new")
        // Full again: the old generation, with "b", goes.
        #expect(Self.ask(pages, "d").rendered)
        #expect(Self.ask(pages, "a") == ("page a", false))
        #expect(Self.ask(pages, "b") == ("page b", true), "asked once, long ago")
    }

    @Test func keptFromTheSecondAskPagesAskedOnceNeverPushOutPagesAskedOften() {
        let pages = RenderedPages<String>(name: "test", capacity: 2, admission: .secondAsk)
        #expect(Self.ask(pages, "search") == ("page search", true))
        #expect(Self.ask(pages, "search") == ("page search", true), "asked once before: rendered, and now kept")
        #expect(Self.ask(pages, "search") == ("page search", false))
        // Deep pages, each asked once: rendered every time, and never kept.
        for page in 1...20 { #expect(Self.ask(pages, "page \(page)").rendered) }
        #expect(Self.ask(pages, "search") == ("page search", false), "still kept: nothing pushed it out")
        #expect(Self.ask(pages, "page 20").rendered, "asked a second time, kept now")
        #expect(Self.ask(pages, "page 20") == ("page page 20", false))
    }
}
