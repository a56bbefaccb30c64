import Foundation
import ListorKit
import TextBrowser

/// What `browser/hosts.mustache` shows: the address bar, the hosts visited (the seed's home
/// screen) with their ▲/▼, a search over them and their pages, or the seed's empty state.
struct HostListPage: Encodable {
    struct Row: Encodable {
        let href: String
        let name: String
        let address: String
        let lastTitle: String
        let pagesText: String
        let lastVisit: String
        let priorityAction: String
        let priority: Int
    }

    struct StartingPoint: Encodable {
        let label: String
        let href: String
    }

    let title = "VessBrowser"
    /// The address bar starts empty here.
    let address = ""
    let notice: String?
    let search: String
    let orders: HTMLFragment
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String?
    let isEmpty: Bool
    let startingPoints: [StartingPoint]
    let csrf: String

    init(_ list: HostListViewModel, notice: String?, csrf: String, timeZone: TimeZone, templates: Templates) throws {
        self.notice = notice
        self.csrf = csrf
        search = list.search
        orders = try templates.options([
            Choice(value: HostListViewModel.Order.priority.rawValue, label: "Priority, then last visit", selected: list.order == .priority),
            Choice(value: HostListViewModel.Order.lastVisit.rawValue, label: "Last visit", selected: list.order == .lastVisit),
        ])
        rows = list.rows.map { row in
            let path = "/browser/hosts/" + BrowserPages.pathSegment(row.address)
            return Row(href: path, name: row.name, address: row.address, lastTitle: row.lastTitle,
                       pagesText: row.pages == 1 ? "1 page" : "\(row.pages) pages",
                       lastVisit: DateText.dateTime(row.lastVisit, timeZone: timeZone, seconds: false),
                       priorityAction: path + "/priority", priority: row.priority)
        }
        hasRows = !rows.isEmpty
        isEmpty = list.isEmpty
        emptyMessage = rows.isEmpty ? (list.isEmpty ? "No history yet. Type an address or a few words above to read a page; every page read is kept here, by host."
                                                    : "No host or page matches \"\(list.search)\".") : nil
        startingPoints = list.isEmpty ? HostListViewModel.startingPoints.map { StartingPoint(label: $0.host ?? $0.absoluteString, href: ReaderHTML.readerLink($0)) } : []
    }
}
