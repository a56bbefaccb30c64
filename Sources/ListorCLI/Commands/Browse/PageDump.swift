import Foundation
import TextBrowser

/// A page as `--dump` prints it, like `lynx -dump`: the text with its `[n]` marks, then the
/// numbered list of where the links go.
enum PageDump {
    static func text(_ page: RenderedPage, references: Bool) -> String {
        var text = page.lines.joined(separator: "\n") + "\n"
        if references, !page.links.isEmpty {
            text += "\nReferences\n\n" + self.references(page)
        }
        return text
    }

    /// "   1. https://…", one line per link, numbered as on the page.
    static func references(_ page: RenderedPage) -> String {
        page.links.map { link in
            let number = String(link.number)
            let target = link.target ?? link.kind.href
            return String(repeating: " ", count: max(4 - number.count, 0)) + number + ". " + target + "\n"
        }.joined()
    }
}

extension PageAnchor.Kind {
    var href: String {
        if case .link(let href, _) = self { href } else { "" }
    }
}
