import Foundation
import ListorCommandKit
import TextBrowser

/// The browser's commands as words ("12", "12 text", "g URL", "/text", "h 2 3"), shared by the
/// scripted browser and the terminal's prompts: it calls the view models and says what came of it.
struct BrowserController {
    enum Response {
        case page(PageViewModel)
        case text(String)
        case error(String)
    }

    let browser: BrowserComposition.Browser
    private(set) var search = ""
    private var searchLine = -1
    /// What `h` listed last, so that `h N` and `h N M` mean the same hosts and pages.
    private var listedHosts: [VisitedHost] = []

    init(browser: BrowserComposition.Browser) {
        self.browser = browser
    }

    mutating func perform(_ command: String) async -> Response {
        let words = command.split(separator: " ", maxSplits: 1).map(String.init)
        let head = words[0]
        let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        if let number = Int(head) { return await field(number, value: words.count > 1 ? words[1] : nil) }
        if head.hasPrefix("/") { return await find(String(command.dropFirst())) }
        switch head {
        case "g", "go": return rest.isEmpty ? .error("g needs a URL: g docs.python.org") : await open(rest)
        case "b", "back": return await browser.session.back().map(Response.page) ?? .error("there is no page before this one")
        case "f", "forward": return await browser.session.forward().map(Response.page) ?? .error("there is no page after this one")
        case "r", "reload": return await attempt { try await browser.session.reload() }
        case "n": return await find(search)
        case "=": return await info()
        case "p": return await browser.session.current.map(Response.page) ?? .error("no page is open")
        case "a": return await bookmark()
        case "v": return await bookmarks()
        case "h": return await history(rest)
        default: return .error("unknown command \"\(head)\" (numbers, g URL, b, f, r, /text, n, =, a, v, h, p, q)")
        }
    }

    mutating func open(_ address: String) async -> Response {
        await attempt { try await browser.session.open(address) }
    }

    /// Link or field `number`: follows a link, presses a button, ticks a box, or sets a value.
    private mutating func field(_ number: Int, value: String?) async -> Response {
        guard var page = await browser.session.current else { return .error("no page is open") }
        guard let field = page.field(number) else {
            if value != nil { return .error("[\(number)] is a link, not a form field") }
            do {
                switch try await browser.session.follow(number) {
                case .page(let page): return .page(page)
                case .jump(let line): return .text("line \(line + 1): " + page.lines[line])
                case .field: return .error("[\(number)] is a form field")
                case .noSuchLink(let number): return .error("there is no link [\(number)] on this page (1 to \(page.page.anchors.count))")
                case .unusable(let href): return .error("link [\(number)] goes to \"\(href)\", which is not a URL")
                }
            } catch {
                return .error("\(error)")
            }
        }
        switch field.kind {
        case .submit:
            return await attempt { try await browser.session.submit(field: number) }
        case .checkbox, .radio:
            _ = page.toggle(field: number)
        case .text, .password, .textarea:
            guard let value else { return await attempt { try await browser.session.submit(field: number) } }
            _ = page.setText(value, field: number)
        case .select:
            guard let value else { return .text(field.options.enumerated().map { "\($0.offset + 1). \($0.element.label)" }.joined(separator: "\n")) }
            guard page.choose(value, field: number) else {
                return .error("field [\(number)] has no option \"\(value)\" (\(field.options.map(\.label).joined(separator: ", ")))")
            }
        case .hidden:
            return .error("[\(number)] cannot be changed")
        }
        await browser.session.update(page)
        return .text("[\(number)] " + (page.field(number)?.shown ?? ""))
    }

    private mutating func find(_ text: String) async -> Response {
        guard let page = await browser.session.current else { return .error("no page is open") }
        guard !text.isEmpty else { return .error("/ needs something to find: /text") }
        if text != search { searchLine = -1 }
        search = text
        guard let found = page.find(text, after: searchLine) else { return .error("\"\(text)\" is not on this page") }
        searchLine = found.line
        return .text((found.wrapped ? "search went past the end; from the top: " : "") + "line \(found.line + 1): " + page.lines[found.line])
    }

    private func info() async -> Response {
        guard let page = await browser.session.current else { return .error("no page is open") }
        return .text(page.info.map { "\($0.label): \($0.value)" }.joined(separator: "\n"))
    }

    private func bookmark() async -> Response {
        guard let page = await browser.session.current else { return .error("no page is open") }
        do {
            var bookmarks = try await BookmarksViewModel.load(from: browser.store)
            try await bookmarks.add(page)
            return .text("Bookmarked \(page.title)")
        } catch {
            return .error("\(error)")
        }
    }

    private func bookmarks() async -> Response {
        do {
            let bookmarks = try await BookmarksViewModel.load(from: browser.store)
            if bookmarks.bookmarks.isEmpty { return .text(bookmarks.emptyText) }
            return .text(bookmarks.bookmarks.map { "\($0.title) — \($0.url.absoluteString)" }.joined(separator: "\n"))
        } catch {
            return .error("\(error)")
        }
    }

    /// `h`: the hosts; `h N`: host N's pages; `h N M`: opens page M of host N.
    mutating func hosts() async -> Response {
        await history("")
    }

    private mutating func history(_ arguments: String) async -> Response {
        let numbers = arguments.split(separator: " ").compactMap { Int($0) }
        do {
            if numbers.isEmpty || listedHosts.isEmpty {
                let list = try await HostListViewModel.load(from: browser.hosts, store: browser.store)
                listedHosts = list.rows.map(\.host)
                if numbers.isEmpty {
                    if list.rows.isEmpty { return .text(list.emptyText) }
                    return .text(list.rows.enumerated().map { "\($0.offset + 1). \($0.element.name) (\($0.element.address)) — \($0.element.lastTitle)" }.joined(separator: "\n"))
                }
            }
            guard listedHosts.indices.contains(numbers[0] - 1) else { return .error("there is no host \(numbers[0]) (1 to \(listedHosts.count))") }
            let pages = try await HostPagesViewModel.load(listedHosts[numbers[0] - 1], from: browser.pages, store: browser.store)
            if numbers.count == 1 {
                if pages.pages.isEmpty { return .text(pages.emptyText) }
                return .text(pages.title + "\n" + pages.pages.enumerated().map { "\($0.offset + 1). \($0.element.displayTitle) — \($0.element.url.absoluteString)" }.joined(separator: "\n"))
            }
            guard pages.pages.indices.contains(numbers[1] - 1) else { return .error("there is no page \(numbers[1]) of \(pages.host.address) (1 to \(pages.pages.count))") }
            let url = pages.pages[numbers[1] - 1].url
            return await attempt { try await browser.session.go(PageRequest(url: url)) }
        } catch {
            return .error("\(error)")
        }
    }

    private func attempt(_ action: () async throws -> PageViewModel?) async -> Response {
        do {
            guard let page = try await action() else { return .error("no page is open") }
            return .page(page)
        } catch {
            return .error("\(error)")
        }
    }
}
