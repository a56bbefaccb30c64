import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import TextBrowser

/// `listor browse [URL]`: the page full screen in a terminal, commands line by line otherwise,
/// or with `--dump` the page as text.
struct BrowsePage: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open a page (the default: listor browse URL).")

    @Argument(help: "A URL, a host name (docs.python.org) or a file path.")
    var url: String?

    @Flag(help: "Print the page as text with [n] link marks and a list of references, like lynx -dump.")
    var dump = false

    @Flag(name: .customLong("no-references"), help: "With --dump: leave out the list of references.")
    var noReferences = false

    @Flag(name: .customLong("links-only"), help: "With --dump: print only the list of references.")
    var linksOnly = false

    enum DumpFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "With --dump: text (as lynx -dump), or json: {url, title, byline, published, site, language, image, isArticle, text, html}, the article's (with --reader) or the page's.")
    var format: DumpFormat = .text

    @OptionGroup var options: BrowserOptions

    func validate() throws {
        if dump, url == nil { throw ValidationError("--dump needs a URL") }
        if !dump, noReferences || linksOnly { throw ValidationError("--no-references and --links-only go with --dump") }
        if noReferences, linksOnly { throw ValidationError("--no-references and --links-only cannot be used together") }
        if format == .json, !dump { throw ValidationError("--format goes with --dump") }
        if format == .json, noReferences || linksOnly { throw ValidationError("--format json prints no references: leave out --no-references and --links-only") }
    }

    func run(in environment: CommandEnvironment) async throws {
        let interactive = !dump && environment.isInteractiveTerminal
        let settings = options.settings(defaultWidth: interactive ? RawTerminal.size().columns : 80, in: environment)
        let (url, dump, noReferences, linksOnly, followsTerminal, format) = (url, dump, noReferences, linksOnly, options.width == nil, format)
        try await BrowserComposition.withBrowser(settings) { browser in
            if dump, format == .json, let url {
                let article = try await browser.session.article(url)
                environment.write(article.json.serialized(pretty: true) + "\n")
                if let problem = await browser.session.historyProblem { environment.writeError("warning: \(problem)\n") }
            } else if dump, let url {
                let page = try await browser.session.open(url)
                if linksOnly {
                    environment.write(PageDump.references(page.page))
                } else {
                    environment.write(PageDump.text(page.page, references: !noReferences))
                }
                if page.page.articleMissing { environment.writeError("note: no article found on this page; it is printed whole.\n") }
                if let problem = await browser.session.historyProblem { environment.writeError("warning: \(problem)\n") }
            } else if interactive {
                var terminal = TerminalBrowser(browser: browser, followsTerminalWidth: followsTerminal)
                try await terminal.run(opening: url)
            } else {
                try await ScriptedBrowser(browser: browser, environment: environment).run(opening: url)
            }
        }
    }
}
