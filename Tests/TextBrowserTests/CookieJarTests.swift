import Foundation
import Testing
@testable import TextBrowser

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

    /// `Expires` in every format servers send, read as RFC 6265 reads them; a date that is
    /// not one is none.
    @Test(arguments: [
        ("Wed, 21 Oct 2015 07:28:00 GMT", 1_445_412_480.0), ("Wednesday, 21-Oct-15 07:28:00 GMT", 1_445_412_480), ("Wed Oct 21 07:28:00 2015", 1_445_412_480),
        ("Wed, 21-Oct-2015 07:28:00 GMT", 1_445_412_480), ("Thu, 01 Jan 1970 00:00:00 GMT", 0), ("Tue, 29 Feb 2028 23:59:59 GMT", 1_835_481_599),
    ])
    func expiresIsReadInEveryFormat(text: String, seconds: Double) {
        #expect(CookieDate.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: ["Wed, 30 Feb 2015 07:28:00 GMT", "Wed, 21 Oct 1600 07:28:00 GMT", "Wed, 21 Oct 2015 24:00:00 GMT", "21 Oct 2015", "tomorrow", ""])
    func whatIsNoDateIsNone(text: String) {
        #expect(CookieDate.parse(text) == nil)
    }
}
