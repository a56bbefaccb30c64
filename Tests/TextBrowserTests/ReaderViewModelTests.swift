import Foundation
import ListorKit
import Testing
import TextBrowser

/// What the web reader makes of what a visitor types and sends, before anything is fetched:
/// the transport here fails the test if it is ever called.
@Suite struct ReaderViewModelTests {
    static let viewModel = ReaderViewModel(
        loader: PageLoader(transport: .unimplemented, cookies: nil, readsFiles: false), reader: PageReader(), pages: EmptyPageAccessor(), work: InlineWork(),
        searchEngine: SearchEngine(validating: "https://search.example/?q=%s&kl=uk")!)

    @Test(arguments: [
        ("docs.python.org", "https://docs.python.org"),
        ("example.test/a?b=c", "https://example.test/a?b=c"),
        ("http://example.test/a b", "https://search.example/?q=http%3A%2F%2Fexample.test%2Fa%20b&kl=uk"),
        ("localhost:8080/x", "http://localhost:8080/x"),
        ("  https://example.test/?q=1  ", "https://example.test/?q=1"),
        ("swift concurrency", "https://search.example/?q=swift%20concurrency&kl=uk"),
        ("café", "https://search.example/?q=caf%C3%A9&kl=uk"),
        ("/etc/passwd", "https://search.example/?q=%2Fetc%2Fpasswd&kl=uk"),
        ("a&b=c", "https://search.example/?q=a%26b%3Dc&kl=uk"),
    ])
    func theAddressBarTakesAddressesAndWords(typed: String, expected: String) throws {
        #expect(try Self.viewModel.destination(for: typed).absoluteString == expected)
    }

    @Test(arguments: [
        ("file:///etc/passwd", "file:///etc/passwd: only http and https addresses can be read from this server"),
        ("javascript:alert(1)", "javascript:alert(1): only http and https addresses can be read from this server"),
        ("   ", "\"   \" is not a URL or a host name"),
    ])
    func addressesThatAreNotWebPagesAreRefused(typed: String, message: String) {
        #expect(throws: BrowserError.self) { try Self.viewModel.destination(for: typed) }
        do {
            _ = try Self.viewModel.destination(for: typed)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aLongAddressIsRefusedBeforeItIsRead() {
        let long = "http://example.test/" + String(repeating: "a", count: ReaderViewModel.maximumAddressLength)
        #expect(throws: BrowserError.addressTooLong(length: long.utf8.count, limit: ReaderViewModel.maximumAddressLength)) {
            try ReaderViewModel.webAddress(long)
        }
    }

    @Test func aGetFormReplacesTheActionsQuery() throws {
        let url = try Self.viewModel.formDestination(action: "https://example.test/find?old=1#top", fields: [("q", "a b&c"), ("q", "2"), ("empty", "")])
        #expect(url.absoluteString == "https://example.test/find?q=a+b%26c&q=2&empty=")
        #expect(throws: BrowserError.self) { try Self.viewModel.formDestination(action: "file:///etc/", fields: []) }
    }

    @Test func searchURLsNeedOnePlaceForTheWords() {
        #expect(SearchEngine(validating: "https://example.test/?q=%s") != nil)
        #expect(SearchEngine(validating: "https://example.test/?q=") == nil)
        #expect(SearchEngine(validating: "https://example.test/?q=%s&r=%s") == nil)
        #expect(SearchEngine(validating: "ftp://example.test/%s") == nil)
        #expect(SearchEngine(validating: "not a url %s") == nil)
    }
}
