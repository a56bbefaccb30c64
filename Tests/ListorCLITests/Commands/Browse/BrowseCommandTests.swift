import Foundation
import ListorTestSupport
import Testing

/// `listor browse` as a user types it, against the browser test site on loopback: exact
/// output, messages and exit codes.
@Suite struct BrowseCommandTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    func browse(_ arguments: [String], input: [String] = []) async -> CommandResult {
        await listor(["browse"] + arguments + ["--data-dir", directory.url.path], input: input)
    }

    /// `--reader` prints the page's article alone: no menu, no share bar, no comments.
    @Test func dumpWithReaderPrintsTheArticleAlone() async throws {
        let prose = (1...4).map { "Paragraph \($0) of the story tells, with commas, what happened, where it happened, and why it matters to its readers." }
        let html = "<nav><a href=\"/\">Home</a></nav><div class=\"share\"><a href=\"#\">Share this</a></div><div class=\"article-body\">"
            + prose.map { "<p>\($0)</p>" }.joined() + "</div><div id=\"comments\"><p>First!</p></div>"
        let file = try directory.write("story.html", Array(html.utf8))
        let result = await browse(["--dump", "--reader", "--no-references", "--width", "1000", file])
        #expect(result.exitCode == 0 && result.output == prose.joined(separator: "\n\n") + "\n", "\(result.output)")
        let whole = await browse(["--dump", "--no-references", file])
        #expect(whole.output.contains("Home") && whole.output.contains("First!"))
        #expect(!result.errorOutput.contains("no article") && !whole.errorOutput.contains("no article"))
        // A page with no article is printed whole, saying so.
        let links = try directory.write("links.html", Array(((1...30).map { "<li><a href=\"/\($0)\">Headline \($0)</a></li>" }.joined()).utf8))
        let front = await browse(["--dump", "--reader", "--no-references", links])
        #expect(front.exitCode == 0 && front.output.contains("Headline 30"), "\(front.output)")
        #expect(front.errorOutput == "note: no article found on this page; it is printed whole.\n", "\(front.errorOutput)")
    }

    /// `--format json` prints the article with what the page says of it.
    @Test func dumpAsJSONGivesTheArticleAndItsMetadata() async throws {
        let prose = (1...4).map { "Paragraph \($0) of the story tells, with commas, what happened, where it happened, and why it matters to its readers." }
        let html = "<html lang=\"en\"><head><title>Story | Site</title><meta property=\"og:site_name\" content=\"Site\"><meta name=\"author\" content=\"Ann Lee\"></head>"
            + "<body><nav><a href=\"/\">Home</a></nav><div class=\"article-body\">" + prose.map { "<p>\($0) <a href=\"/more\">More</a></p>" }.joined() + "</div></body></html>"
        let file = try directory.write("story.html", Array(html.utf8))
        let result = await browse(["--dump", "--reader", "--format", "json", file])
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(object?["title"] as? String == "Story | Site" && object?["byline"] as? String == "Ann Lee" && object?["site"] as? String == "Site")
        #expect(object?["language"] as? String == "en" && object?["isArticle"] as? Bool == true)
        #expect(object?["text"] as? String == prose.map { $0 + " More" }.joined(separator: "\n\n"), "\(result.output)")
        let markup = try #require(object?["html"] as? String)
        #expect(markup.hasPrefix("<p>" + prose[0]) && markup.components(separatedBy: "<p>").count == 5 && !markup.contains("Home"), "\(markup)")
        #expect(await browse(["--format", "json", file]).exitCode == 64, "--format goes with --dump")
    }

    @Test func dumpPrintsThePageAndItsReferencesLikeLynx() async throws {
        try await withLoopbackServer(BrowserTestSite.router()) { [self] base in
            let root = base.absoluteString
            let result = await browse(["--dump", root + "/page"])
            #expect(result.exitCode == 0)
            #expect(result.errorOutput == "")
            #expect(result.output == """
                The page
                ========

                See [1]the other page or [2]the end.

                The end.

                References

                   1. \(root)/other
                   2. \(root)/page#end

                """)
            #expect(await browse(["--dump", "--no-references", root + "/page"]).output.hasSuffix("The end.\n"))
            #expect(await browse(["--dump", "--links-only", root + "/page"]).output == "   1. \(root)/other\n   2. \(root)/page#end\n")
            let narrow = await browse(["--dump", "--width", "20", "--no-references", root + "/page"]).output
            #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 20 })
        }
    }

    @Test func aDumpIsRecordedInTheHistoryUnlessToldNot() async throws {
        try await withLoopbackServer(BrowserTestSite.router()) { [self] base in
            let root = base.absoluteString
            let untracked = await browse(["--dump", "--no-history", root + "/other"])
            #expect(untracked.exitCode == 0)
            // Not even opened: the history file is made by the first command that uses it.
            #expect(!FileManager.default.fileExists(atPath: directory.path("browser.sqlite")))
            #expect(await browse(["history"]).output == "No history yet. Press g and type an address (for example docs.python.org) to visit a page.\n")
            _ = await browse(["--dump", root + "/redirect/relative"])
            _ = await browse(["--dump", root + "/other"])
            let hosts = await browse(["history"])
            #expect(hosts.exitCode == 0)
            #expect(hosts.output.hasPrefix("NAME       ADDRESS    VISITS  PRIORITY  LAST VISIT"))
            #expect(hosts.output.contains("127.0.0.1  127.0.0.1       2         0  "))
            #expect(hosts.output.hasSuffix("  Other\n"))
            let pages = await browse(["history", "127.0.0.1", "--format", "json"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(pages.output.utf8)) as? [[String: Any]])
            #expect(json.map { $0["url"] as? String } == [root + "/other", root + "/page"])
            #expect(json.map { $0["title"] as? String } == ["Other", "The page"])
            let searched = await browse(["history", "127.0.0.1", "--search", "other"])
            #expect(searched.output.contains(root + "/other"))
            #expect(!searched.output.contains(root + "/page"))
        }
    }

    @Test func forgettingAHostOrAPage() async throws {
        try await withLoopbackServer(BrowserTestSite.router()) { [self] base in
            let root = base.absoluteString
            _ = await browse(["--dump", root + "/page"])
            _ = await browse(["--dump", root + "/other"])
            #expect(await browse(["forget", root + "/other"]).output == "Forgot \(root)/other\n")
            #expect(!(await browse(["history", "127.0.0.1"]).output.contains("/other")))
            let unknown = await browse(["forget", "127.0.0.2"])
            #expect(unknown.exitCode == 1)
            #expect(unknown.errorOutput == "error: no host \"127.0.0.2\" in the history. Did you mean 127.0.0.1?\n")
            #expect(await browse(["forget", "127.0.0.1"]).output == "Forgot 127.0.0.1 and its pages\n")
            #expect(await browse(["history"]).output.hasPrefix("No history yet."))
        }
    }

    @Test func aPageThatCannotBeReadIsExitCodeOneAndBadOptionsSixtyFour() async {
        let refused = await browse(["--dump", "http://127.0.0.1:1/nothing"])
        #expect(refused.exitCode == 1)
        #expect(refused.errorOutput.hasPrefix("error: http://127.0.0.1:1/nothing: cannot connect: "))
        let badAddress = await browse(["--dump", "not a url"])
        #expect(badAddress.exitCode == 1)
        #expect(badAddress.errorOutput == "error: \"not a url\" is not a URL or a host name\n")
        let noURL = await browse(["--dump"])
        #expect(noURL.exitCode == 64)
        #expect(noURL.errorOutput.contains("--dump needs a URL"))
        let width = await browse(["--dump", "--width", "5", "http://127.0.0.1:1/"])
        #expect(width.exitCode == 64)
        #expect(width.errorOutput.contains("--width must be between 20 and 1000, not 5"))
        let charset = await browse(["--dump", "--charset", "klingon", "http://127.0.0.1:1/"])
        #expect(charset.exitCode == 64)
        #expect(charset.errorOutput.contains("\"klingon\" is not a character set this browser knows"))
    }

    @Test func withoutATerminalTheKeysCommandsAreReadLineByLine() async throws {
        try await withLoopbackServer(BrowserTestSite.router()) { [self] base in
            let root = base.absoluteString
            let result = await browse([root + "/page"], input: ["1", "b", "/the end", "n", "n", "=", "a", "v", "h", "h 1", "h 1 1", "99", "zz", "q", "never read"])
            #expect(result.exitCode == 0)
            let output = result.output
            #expect(output.components(separatedBy: "Another page.").count == 3)
            #expect(output.contains("line 4: See [1]the other page or [2]the end."))
            #expect(output.contains("line 6: The end."))
            #expect(output.contains("search went past the end; from the top: line 4: See [1]the other page or [2]the end."))
            #expect(output.contains("URL: \(root)/page\nTitle: The page\nStatus: 200\nType: text/html; charset=utf-8\nCharset: utf-8 (from the HTTP header)\n"))
            #expect(output.contains("Bookmarked The page\n"))
            #expect(output.contains("The page — \(root)/page\n"))
            #expect(output.contains("1. 127.0.0.1 (127.0.0.1) — Other\n") || output.contains("1. 127.0.0.1 (127.0.0.1) — The page\n"))
            #expect(output.contains("127.0.0.1 (127.0.0.1)\n1. Other — \(root)/other\n2. The page — \(root)/page\n"))
            #expect(result.errorOutput == """
                error: there is no link [99] on this page (1 to 1)
                error: unknown command "zz" (numbers, g URL, b, f, r, /text, n, =, a, v, h, p, q)

                """)
            #expect(await browse(["bookmarks"]).output.contains("The page  \(root)/page"))
            // A bookmark is removed by its address, as the list shows it; one there is not is named.
            let wrong = await browse(["bookmarks", "--remove", root + "/pag"])
            #expect(wrong.exitCode == 1 && wrong.errorOutput == "error: no bookmark has the address \(root)/pag. Did you mean \(root)/page?\n", "\(wrong.errorOutput)")
            #expect(await browse(["bookmarks", "--remove", root + "/page"]).output == "removed the bookmark of The page (\(root)/page)\n")
            #expect(await browse(["bookmarks"]).output == "No bookmarks yet. Press a on a page to keep it here.\n")
        }
    }

    @Test func formsAreFilledAndSentFromScript() async throws {
        try await withLoopbackServer(BrowserTestSite.router()) { [self] base in
            let result = await browse([base.absoluteString + "/form"], input: ["1 two words", "2", "3 2", "3 nine", "4"])
            #expect(result.output.contains("[1] [two words___________]\n[2] [x]\n[3] [two ▾]\n"))
            #expect(result.output.contains("GET q=two+words&c=yes&s=2&go=Search"))
            #expect(result.errorOutput == "error: field [3] has no option \"nine\" (one, two)\n")
        }
    }
}
