import Foundation
import Testing
import TextBrowser

/// The session's cookies as RFC 6265bis keeps them.
@Suite struct CookieJarTests {
    /// A cookie with a control character is refused whole (found by the cookie-jar fuzz
    /// target), so that a page cannot make the browser send one back; a tab is text.
    @Test func aCookieWithAControlCharacterIsRefused() async {
        let jar = CookieJar(now: { Date(timeIntervalSince1970: 1_795_000_000) })
        let url = URL(string: "https://www.fuzz.test/a")!
        await jar.store(["a=1", "c=o4mi\u{7F} Da", "d=x\u{01}y", "e\u{0A}f=2", "g=tab\there"], from: url)
        #expect(await jar.header(for: url) == "a=1; g=tab\there")
    }
}
