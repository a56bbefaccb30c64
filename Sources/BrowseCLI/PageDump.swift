import Foundation
import ListorCommandKit
import TextBrowser

/// A page as `--dump` prints it, like `lynx -dump`: the text with its `[n]` marks, then the
/// numbered list of where the links go.
enum PageDump {
    static func text(_ page: RenderedPage, references: Bool) -> String {
        var text = ""
        text.reserveCapacity(page.lines.reduce(0) { $0 + $1.utf8.count + 1 } + (references ? page.anchors.count * 64 : 0))
        for line in page.lines {
            text += line
            text += "\n"
        }
        if references, !page.links.isEmpty {
            text += "\nReferences\n\n"
            append(referencesOf: page, to: &text)
        }
        return text
    }

    /// "   1. https://…", one line per link, numbered as on the page.
    static func references(_ page: RenderedPage) -> String {
        var text = ""
        text.reserveCapacity(page.anchors.count * 64)
        append(referencesOf: page, to: &text)
        return text
    }

    /// Written into one string: on a page of ten thousand links, a string per line was a tenth
    /// of the time `--dump` took.
    private static func append(referencesOf page: RenderedPage, to text: inout String) {
        for link in page.anchors {
            guard case .link(let href, let target) = link.kind else { continue }
            let number = String(link.number)
            for _ in 0..<max(4 - number.utf8.count, 0) { text += " " }
            text += number
            text += ". "
            text += target ?? href
            text += "\n"
        }
    }
}
