import Foundation
import ListorCommandKit
import TextBrowser

/// `listor browse` when standard input is not a terminal: the keys' commands, one per line,
/// so that a session can be scripted. Each page opened is printed as `--dump` prints it.
///
///     12            follow link 12 (a button: press it; a checkbox or radio: tick it)
///     12 text       type "text" into field 12 (a select: the option's label or number)
///     g URL         open a URL            b / f     back / forward      r   reload
///     /text         find text             n         find the next       =   the page's facts
///     a             bookmark the page     v         the bookmarks       p   print the page again
///     h             the hosts visited     h N       host N's pages      h N M   open page M of host N
///     q             quit
struct ScriptedBrowser {
    let browser: BrowserComposition.Browser
    let environment: CommandEnvironment

    func run(opening url: String?) async throws {
        var controller = BrowserController(browser: browser)
        if let url { show(await controller.open(url)) } else { show(await controller.hosts()) }
        while let line = environment.readLine() {
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.isEmpty { continue }
            if command == "q" || command == "quit" { return }
            show(await controller.perform(command))
        }
    }

    private func show(_ response: BrowserController.Response) {
        switch response {
        case .page(let page):
            environment.write(PageDump.text(page.page, references: true))
        case .text(let text):
            environment.write(text + "\n")
        case .error(let message):
            environment.writeError("error: \(message)\n")
        }
    }
}
