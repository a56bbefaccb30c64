import Foundation
import TextBrowser

/// What `browser/read.mustache` shows: the address bar, the page simplified by the reader with
/// its status line, or why it could not be read.
struct ReadPage: Encodable {
    let title: String
    let address: String
    let finalURL: String?
    let facts: String?
    let redirectedFrom: String?
    let historyProblem: String?
    let truncated: Bool
    let content: HTMLFragment?
    let problem: String?
    let hostHref: String?

    init(_ reading: ReaderViewModel.Reading) {
        title = reading.title
        address = reading.url.absoluteString
        finalURL = reading.url.absoluteString
        let size = reading.size < 1024 ? "\(reading.size) bytes" : String(format: "%.1f KiB", Double(reading.size) / 1024)
        facts = "\(reading.status) · \(reading.charset.charset.name) (from the \(reading.charset.source.rawValue)) · \(size)"
        redirectedFrom = reading.redirects.isEmpty ? nil : reading.redirects.map(\.absoluteString).joined(separator: " → ")
        historyProblem = reading.isRecorded
            ? reading.historyProblem.map { "This visit is not in the history: \($0)." }
            : "Opened from another site's link, so this visit is not kept in the history."
        truncated = reading.page.isTruncated
        content = ReaderHTML.render(reading.page)
        problem = nil
        hostHref = reading.url.host.map { "/browser/hosts/" + BrowserPages.pathSegment($0.lowercased()) }
    }

    /// The page that says why `address` could not be read.
    init(address: String, problem: String) {
        title = "Cannot read the page"
        self.address = address
        self.problem = problem
        finalURL = nil
        facts = nil
        redirectedFrom = nil
        historyProblem = nil
        truncated = false
        content = nil
        hostHref = nil
    }
}
