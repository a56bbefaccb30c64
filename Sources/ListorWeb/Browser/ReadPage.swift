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
    /// "By Ann Lee · Nov 29, 2026 · The News", above the article; nil when the page has no article.
    let byline: String?
    /// Why the page is shown whole: the reader found no article in it.
    let noArticle: String?
    let problem: String?
    let hostHref: String?

    init(_ reading: ReaderViewModel.Reading) {
        title = reading.page.metadata?.title ?? reading.title
        byline = reading.page.metadata.flatMap { metadata in
            let parts = [metadata.byline, metadata.published.map(Self.day), metadata.site].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: " · ")
        }
        noArticle = !reading.page.articleMissing ? nil : reading.page.restStart == nil
            ? "The reader found no article on this page, so it shows all of it."
            : "The reader found no article on this page: it shows the part the page marks as its main content first, then the rest."
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
        byline = nil
        noArticle = nil
    }

    /// An ISO 8601 date as a reader writes it ("Nov 29, 2026"); other dates as the page wrote them.
    static func day(_ text: String) -> String {
        let formats: [Date.ISO8601FormatStyle] = [.iso8601, .iso8601.year().month().day()]
        for format in formats {
            if let date = try? Date(text, strategy: format) {
                return date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: TimeZone(secondsFromGMT: 0) ?? .current))
            }
        }
        return text
    }
}
