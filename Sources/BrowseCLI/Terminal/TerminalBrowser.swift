import Foundation
import ListorCommandKit
import TextBrowser

/// `listor browse` full screen: one screen of the page at a time with its link numbers, keys
/// as lynx and w3m users expect them, the history as the seed shows it (hosts → pages → page),
/// the bookmarks, and the page's facts. It draws with ANSI sequences; what it does, the view
/// models do.
struct TerminalBrowser {
    enum Screen {
        case page
        case hosts(HostListViewModel, selected: Int)
        case pages(HostPagesViewModel, selected: Int, hosts: HostListViewModel)
        case bookmarks(BookmarksViewModel, selected: Int)
        case info([String])
    }

    let browser: BrowserComposition.Browser
    private var screen: Screen = .page
    private var page: PageViewModel?
    /// The link or field the arrows have chosen.
    private var selected: Int?
    private var status = ""
    private var search = ""
    /// Where `n` goes on from: the line last found.
    private var lastFound = -1
    private var quits = false
    private let keys: KeyReader
    private let terminal = RawTerminal()
    /// The line commands, for the keys that do what one of them does.
    private var commands: BrowserController

    /// Whether pages are laid out in the terminal's width (no `--width` was given), and again when it changes.
    private let followsTerminalWidth: Bool

    init(browser: BrowserComposition.Browser, followsTerminalWidth: Bool) {
        self.browser = browser
        self.followsTerminalWidth = followsTerminalWidth
        keys = KeyReader()
        commands = BrowserController(browser: browser)
    }

    mutating func run(opening url: String?) async throws {
        defer { terminal.restore() }
        if let url {
            await load { session in try await session.open(url) }
        } else {
            await showHosts()
        }
        draw()
        var iterator = keys.keys.makeAsyncIterator()
        while !quits, let key = await iterator.next() {
            await handle(key, keys: &iterator)
            if !quits { draw() }
        }
    }

    // MARK: - Keys

    private mutating func handle(_ key: Key, keys: inout AsyncStream<Key>.Iterator) async {
        if key == .resize {
            // As lynx and w3m do: the page wrapped again to the terminal's new width.
            if followsTerminalWidth, let relaid = await browser.session.setWidth(RawTerminal.size().columns) { page = relaid }
            RawTerminal.write("\u{1B}[2J")
            return
        }
        status = ""
        switch screen {
        case .page: await handlePage(key, keys: &keys)
        case .hosts(var list, let selected): await handleHosts(key, list: &list, selected: selected, keys: &keys)
        case .pages(let pages, let selected, let hosts): await handlePages(key, pages: pages, selected: selected, hosts: hosts)
        case .bookmarks(let bookmarks, let selected): await handleBookmarks(key, bookmarks: bookmarks, selected: selected)
        case .info: screen = .page
        }
    }

    private mutating func handlePage(_ key: Key, keys: inout AsyncStream<Key>.Iterator) async {
        let rows = Self.contentRows
        switch key {
        case .character("q"), .interrupt: quits = true
        case .character(let digit) where digit.isNumber:
            guard let typed = await prompt("Link or field number: ", initial: String(digit), keys: &keys), let number = Int(typed) else { return }
            await activate(number, keys: &keys)
        case .enter:
            if let selected { await activate(selected, keys: &keys) }
        case .down, .tab: moveSelection(by: 1)
        case .up, .backTab: moveSelection(by: -1)
        case .character(" "), .pageDown: scroll(to: (page?.topLine ?? 0) + rows)
        case .character("b"), .pageUp: scroll(to: (page?.topLine ?? 0) - rows)
        case .home: scroll(to: 0)
        case .end: scroll(to: (page?.lines.count ?? 0) - rows)
        case .left, .backspace:
            if let previous = await browser.session.back() { show(previous) } else { status = "There is no page before this one." }
        case .right:
            if let next = await browser.session.forward() { show(next) } else { status = "There is no page after this one." }
        case .character("g"):
            guard let address = await prompt("URL to open: ", initial: "", keys: &keys), !address.isEmpty else { return }
            await load { session in try await session.open(address) }
        case .character("/"):
            guard let text = await prompt("Find: ", initial: search, keys: &keys), !text.isEmpty else { return }
            search = text
            find(after: (page?.topLine ?? 0) - 1)
        case .character("n"):
            if search.isEmpty { status = "Nothing to find yet: press / first." } else { find(after: lastFound) }
        case .character("h"): await showHosts()
        case .character("v"): await showBookmarks()
        case .character("a"): await bookmark()
        case .character("="):
            if let page { screen = .info(page.info.map { "\($0.label): \($0.value)" }) }
        case .character("r"):
            await load { session in try await session.reload() }
        default:
            status = "Keys: number+Enter follow, arrows move, space/b page, Left back, g URL, / find, h history, a bookmark, v bookmarks, = info, q quit"
        }
    }

    /// Follows link `number`, or works field `number`: asks for text, ticks, chooses, presses.
    private mutating func activate(_ number: Int, keys: inout AsyncStream<Key>.Iterator) async {
        guard var current = page else { return }
        guard let field = current.field(number) else {
            do {
                let outcome = try await self.keys.cancellable { [session = browser.session] in try await session.follow(number) }
                switch outcome {
                case .page(let next): show(next)
                case .jump(let line): scroll(to: line)
                case .field: break
                case .noSuchLink: status = "There is no link [\(number)] on this page."
                case .unusable(let href): status = "Link [\(number)] goes to \"\(href)\", which is not a URL."
                }
            } catch {
                report(error)
            }
            return
        }
        selected = number
        switch field.kind {
        case .submit:
            await load { session in try await session.submit(field: number) }
            return
        case .checkbox, .radio:
            _ = current.toggle(field: number)
        case .text, .password, .textarea:
            guard let text = await prompt("Text for [\(number)] \(field.name): ", initial: field.value, keys: &keys) else { return }
            _ = current.setText(text, field: number)
        case .select:
            let choices = field.options.enumerated().map { "\($0.offset + 1)=\($0.element.label)" }.joined(separator: " ")
            guard let choice = await prompt("Choose (\(choices)): ", initial: "", keys: &keys) else { return }
            if !current.choose(choice, field: number) { status = "No option \"\(choice)\"." }
        case .hidden:
            return
        }
        page = current
        await browser.session.update(current)
    }

    private mutating func handleHosts(_ key: Key, list: inout HostListViewModel, selected: Int, keys: inout AsyncStream<Key>.Iterator) async {
        let count = list.rows.count
        switch key {
        case .down, .tab: screen = .hosts(list, selected: min(selected + 1, max(count - 1, 0)))
        case .up, .backTab: screen = .hosts(list, selected: max(selected - 1, 0))
        case .enter, .right:
            guard list.rows.indices.contains(selected) else { return }
            do {
                let pages = try await HostPagesViewModel.load(list.rows[selected].host, from: browser.pages, store: browser.store)
                screen = .pages(pages, selected: 0, hosts: list)
            } catch { status = "\(error)" }
        case .character("+"), .character("-"):
            guard list.rows.indices.contains(selected) else { return }
            let address = list.rows[selected].address
            do {
                _ = key == .character("+") ? try await list.moveUp(address) : try await list.moveDown(address)
                await showHosts(selecting: address, search: list.search, order: list.order)
            } catch { status = "\(error)" }
        case .character("s"):
            list.sort(by: list.order == .priority ? .lastVisit : .priority)
            screen = .hosts(list, selected: 0)
        case .character("/"):
            guard let text = await prompt("Search hosts: ", initial: list.search, keys: &keys) else { return }
            list.search(text)
            screen = .hosts(list, selected: 0)
        case .character("g"):
            guard let address = await prompt("URL to open: ", initial: "", keys: &keys), !address.isEmpty else { return }
            await load { session in try await session.open(address) }
        case .character("q"), .interrupt: quits = true
        case .left, .backspace, .escape, .character("h"):
            if page != nil { screen = .page } else { status = "No page yet: press g to open one, q to quit." }
        default:
            status = "Up/Down choose, Enter opens, + and - move a host, s sorts, / searches, g opens a URL, Left returns, q quits"
        }
    }

    private mutating func handlePages(_ key: Key, pages: HostPagesViewModel, selected: Int, hosts: HostListViewModel) async {
        switch key {
        case .down, .tab: screen = .pages(pages, selected: min(selected + 1, max(pages.pages.count - 1, 0)), hosts: hosts)
        case .up, .backTab: screen = .pages(pages, selected: max(selected - 1, 0), hosts: hosts)
        case .enter, .right:
            guard pages.pages.indices.contains(selected) else { return }
            let url = pages.pages[selected].url
            await load { session in try await session.go(PageRequest(url: url)) }
        case .left, .backspace, .escape: screen = .hosts(hosts, selected: hosts.rows.firstIndex { $0.address == pages.host.address } ?? 0)
        case .character("q"), .interrupt: quits = true
        default: status = "Up/Down choose, Enter opens the page, Left returns to the hosts, q quits"
        }
    }

    private mutating func handleBookmarks(_ key: Key, bookmarks: BookmarksViewModel, selected: Int) async {
        switch key {
        case .down, .tab: screen = .bookmarks(bookmarks, selected: min(selected + 1, max(bookmarks.bookmarks.count - 1, 0)))
        case .up, .backTab: screen = .bookmarks(bookmarks, selected: max(selected - 1, 0))
        case .enter, .right:
            guard bookmarks.bookmarks.indices.contains(selected) else { return }
            let url = bookmarks.bookmarks[selected].url
            await load { session in try await session.go(PageRequest(url: url)) }
        case .character("d"), .delete:
            guard bookmarks.bookmarks.indices.contains(selected) else { return }
            let chosen = bookmarks.bookmarks[selected]
            do {
                _ = try await bookmarks.delete(chosen)
                let left = try await BookmarksViewModel.load(from: browser.store)
                screen = .bookmarks(left, selected: min(selected, max(left.bookmarks.count - 1, 0)))
                status = "Removed the bookmark of \(chosen.title)"
            } catch { status = "\(error)" }
        case .character("q"), .interrupt: quits = true
        default: screen = page == nil ? screen : .page
        }
    }

    // MARK: - Actions

    private mutating func load(_ action: @escaping @Sendable (BrowsingSession) async throws -> PageViewModel?) async {
        status = "Loading… (Ctrl-C cancels)"
        draw()
        do {
            let session = browser.session
            let next = try await keys.cancellable { () async throws -> PageViewModel? in try await action(session) }
            status = ""
            if let next { show(next) }
            if let problem = await browser.session.historyProblem { status = "Not recorded in the history: \(problem)" }
        } catch is CancellationError {
            status = "Cancelled."
        } catch {
            report(error)
        }
    }

    private mutating func report(_ error: any Error) {
        status = Self.isCancellation(error) ? "Cancelled." : "\(error)"
    }

    /// Ctrl-C during a load: the task was cancelled, or the loader stopped because it was.
    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if case .cancelled = error as? BrowserError { return true }
        return false
    }

    private mutating func show(_ next: PageViewModel) {
        page = next
        screen = .page
        if next.page.articleMissing { status = "No article found on this page: it is shown whole." }
        selected = next.page.anchors.first { $0.line >= next.topLine && $0.line < next.topLine + Self.contentRows }?.number
    }

    private mutating func showHosts(selecting address: String? = nil, search: String = "", order: HostListViewModel.Order = .priority) async {
        do {
            var list = try await HostListViewModel.load(from: browser.hosts, store: browser.store)
            list.sort(by: order)
            if !search.isEmpty { list.search(search) }
            screen = .hosts(list, selected: address.flatMap { address in list.rows.firstIndex { $0.address == address } } ?? 0)
        } catch {
            status = "\(error)"
        }
    }

    private mutating func showBookmarks() async {
        do {
            screen = .bookmarks(try await BookmarksViewModel.load(from: browser.store), selected: 0)
        } catch {
            status = "\(error)"
        }
    }

    /// `a`, as the line commands do it.
    private mutating func bookmark() async {
        switch await commands.perform("a") {
        case .text(let text), .error(let text): status = text
        case .page: break
        }
    }

    private mutating func find(after line: Int) {
        guard let page else { return }
        if let found = page.find(search, after: line) {
            lastFound = found.line
            scroll(to: found.line)
            status = (found.wrapped ? "Search went past the end; from the top: found" : "Found") + " \"\(search)\" on line \(found.line + 1)."
        } else {
            status = "\"\(search)\" is not on this page."
        }
    }

    private mutating func scroll(to line: Int) {
        guard var current = page else { return }
        current.topLine = max(0, min(line, current.lines.count - Self.contentRows))
        if let selected, let anchor = current.page.anchor(selected), anchor.line >= current.topLine, anchor.line < current.topLine + Self.contentRows {
        } else {
            selected = current.page.anchors.first { $0.line >= current.topLine && $0.line < current.topLine + Self.contentRows }?.number
        }
        page = current
        Task { [session = browser.session, current] in await session.update(current) }
    }

    /// Chooses the next or previous link or field, scrolling to it when it is off the screen.
    private mutating func moveSelection(by step: Int) {
        guard let current = page, !current.page.anchors.isEmpty else { return }
        let count = current.page.anchors.count
        let next = selected.map { ($0 - 1 + step + count) % count + 1 } ?? (step > 0 ? 1 : count)
        selected = next
        if let anchor = current.page.anchor(next), anchor.line < current.topLine || anchor.line >= current.topLine + Self.contentRows {
            scroll(to: anchor.line - Self.contentRows / 3)
            selected = next
        }
    }

    /// Reads a line on the status row; nil when the reader presses Escape or Ctrl-C.
    private mutating func prompt(_ label: String, initial: String, keys: inout AsyncStream<Key>.Iterator) async -> String? {
        var text = initial
        while true {
            drawStatus(label + text, cursor: true)
            guard let key = await keys.next() else { return nil }
            switch key {
            case .enter: return text
            case .escape, .interrupt: return nil
            case .backspace: if !text.isEmpty { text.removeLast() }
            case .character(let character): text.append(character)
            default: continue
            }
        }
    }

    // MARK: - Drawing

    static var contentRows: Int { max(RawTerminal.size().rows - 2, 1) }

    private func draw() {
        let (rows, columns) = RawTerminal.size()
        var frame = "\u{1B}[H"
        // A status longer than a line (the keys' help, a long error) takes up to three.
        let statusLines = ScreenText.wrap(statusText, columns: columns, lines: min(3, max(rows - 2, 1)))
        let bodyRows = max(rows - 1 - statusLines.count, 0)
        let (title, body, selectedRow) = content(rows: bodyRows, columns: columns)
        frame += "\u{1B}[7m" + ScreenText.fit(" " + title, columns: columns) + "\u{1B}[0m\r\n"
        for index in 0..<bodyRows {
            let line = index < body.count ? body[index] : ""
            if index == selectedRow {
                frame += "\u{1B}[7m" + ScreenText.fit(line, columns: columns) + "\u{1B}[0m\r\n"
            } else {
                frame += highlightLink(in: line, row: index, columns: columns) + "\u{1B}[K\r\n"
            }
        }
        frame += statusLines.map { "\u{1B}[7m" + ScreenText.fit($0, columns: columns) + "\u{1B}[0m" }.joined(separator: "\r\n")
        RawTerminal.write(frame)
    }

    private var statusText: String {
        if !status.isEmpty { return status }
        switch screen {
        case .page:
            guard let page else { return "Press g to open a page, h for the history, q to quit." }
            let selectedText = selected.flatMap { page.page.anchor($0) }.map { anchor in
                anchor.url?.absoluteString ?? "field [\(anchor.number)] \(anchor.text)"
            }
            return selectedText ?? page.url.absoluteString
        case .hosts: return "Enter: pages · +/-: move · s: sort · /: search · g: open a URL · Left: back · q: quit"
        case .pages: return "Enter: open · Left: hosts · q: quit"
        case .bookmarks: return "Enter: open · d: remove · any other key: back"
        case .info: return "Press any key to return to the page."
        }
    }

    /// The title bar, the lines of the body, and which body row is chosen (in lists).
    private func content(rows: Int, columns: Int) -> (String, [String], Int?) {
        switch screen {
        case .page:
            guard let page else { return ("Listor browser", ["", "  No page open. Press g and type an address, or h for the history."], nil) }
            let end = min(page.topLine + rows, page.lines.count)
            let position = page.lines.isEmpty ? "" : " (lines \(page.topLine + 1)–\(end) of \(page.lines.count))"
            return (page.title + position, page.topLine < end ? Array(page.lines[page.topLine..<end]) : [], nil)
        case .hosts(let list, let selected):
            if list.rows.isEmpty { return ("History: hosts", ["", "  " + list.emptyText], nil) }
            let top = max(0, selected - rows + 1)
            let lines = list.rows[top...].prefix(rows).map { row in
                "  \(row.name)  (\(row.address), \(row.visits) visit\(row.visits == 1 ? "" : "s")\(row.priority != 0 ? ", priority \(row.priority)" : ""))  \(row.lastTitle)"
            }
            return ("History: hosts, by \(list.order == .priority ? "priority" : "last visit")" + (list.search.isEmpty ? "" : " matching \"\(list.search)\""), lines, selected - top)
        case .pages(let pages, let selected, _):
            if pages.pages.isEmpty { return (pages.title, ["", "  " + pages.emptyText], nil) }
            let top = max(0, selected - rows + 1)
            let lines = pages.pages[top...].prefix(rows).map { "  \($0.displayTitle)  \($0.url.absoluteString)" }
            return ("History: " + pages.title, lines, selected - top)
        case .bookmarks(let bookmarks, let selected):
            if bookmarks.bookmarks.isEmpty { return ("Bookmarks", ["", "  " + bookmarks.emptyText], nil) }
            let top = max(0, selected - rows + 1)
            return ("Bookmarks", bookmarks.bookmarks[top...].prefix(rows).map { "  \($0.title)  \($0.url.absoluteString)" }, selected - top)
        case .info(let lines):
            return ("About this page", [""] + lines.map { "  " + $0 }, nil)
        }
    }

    /// A page line, with the chosen link's `[n]` and text in reverse video, and what the last
    /// search found in it underlined and bold (as less marks its matches).
    private func highlightLink(in line: String, row: Int, columns: Int) -> String {
        guard case .page = screen, let page else { return ScreenText.fit(line, columns: columns, padded: false) }
        // Display columns and the style that starts at each: the link first, the matches over it.
        var styles: [(start: Int, end: Int, style: String)] = []
        if let selected, let anchor = page.page.anchor(selected), anchor.line == page.topLine + row {
            let markerWidth = "[\(selected)]".count
            styles.append((anchor.column, anchor.column + markerWidth + ScreenText.width(anchor.text), "\u{1B}[7m"))
        }
        if !search.isEmpty {
            for range in PageViewModel.matches(of: search, in: line) {
                let start = ScreenText.width(String(line[..<range.lowerBound]))
                styles.append((start, start + ScreenText.width(String(line[range])), "\u{1B}[1;4m"))
            }
        }
        guard !styles.isEmpty else { return ScreenText.fit(line, columns: columns, padded: false) }
        var output = ""
        var column = 0
        for (start, end, style) in styles.sorted(by: { $0.start < $1.start }) where start >= column && start < columns {
            output += ScreenText.slice(line, from: column, width: start - column)
            output += style + ScreenText.slice(line, from: start, width: min(end, columns) - start) + "\u{1B}[0m"
            column = min(end, columns)
        }
        return output + ScreenText.slice(line, from: column, width: max(columns - column, 0))
    }

    private func drawStatus(_ text: String, cursor: Bool) {
        let (rows, columns) = RawTerminal.size()
        RawTerminal.write("\u{1B}[\(rows);1H\u{1B}[0m\u{1B}[K" + ScreenText.fit(text, columns: columns - 1, padded: false) + (cursor ? "\u{1B}[?25h" : ""))
    }
}
