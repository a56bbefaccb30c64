import Foundation
import ListorKit
import TextBrowser

/// What `browser/host.mustache` shows: a host's pages, newest first, each to read again or forget,
/// and forgetting the whole host.
struct HostPagesPage: Encodable {
    struct Row: Encodable {
        let href: String
        let title: String
        let url: String
        let visitsText: String
        let lastVisit: String
    }

    let title: String
    let name: String
    let address: String
    let forgetAction: String
    let forgetPageAction: String
    let search: String
    let searchAction: String
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String?
    let notice: String?
    let csrf: String

    init(_ pages: HostPagesViewModel, notice: String?, csrf: String, timeZone: TimeZone) {
        self.notice = notice
        self.csrf = csrf
        title = pages.title
        name = pages.host.name
        address = pages.host.address
        let path = "/browser/hosts/" + BrowserPages.pathSegment(pages.host.address)
        forgetAction = path + "/forget"
        forgetPageAction = path + "/pages/forget"
        searchAction = path
        search = pages.search
        rows = pages.pages.map { page in
            Row(href: ReaderHTML.readerLink(page.url), title: page.displayTitle, url: page.url.absoluteString,
                visitsText: page.visitCount == 1 ? "1 visit" : "\(page.visitCount) visits",
                lastVisit: DateText.dateTime(page.lastVisit, timeZone: timeZone, seconds: false))
        }
        hasRows = !rows.isEmpty
        emptyMessage = rows.isEmpty ? pages.emptyText : nil
    }
}
