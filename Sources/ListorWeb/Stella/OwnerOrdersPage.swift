import Foundation
import ListorKit
import Stella

/// What `stella/owner-orders.mustache` shows: the orders, newest first, by state and searched,
/// each with whom it goes to and what it holds.
struct OwnerOrdersPage: Encodable {
    struct Row: Encodable {
        let number: String
        let placed: String
        let state: String
        let name: String
        let email: String
        let items: String
        let total: String
    }

    let section = "orders"
    let csrf: String
    let tabs: [OwnerTab]
    let state: String?
    let search: String
    let rows: [Row]
    let hasRows: Bool
    let empty: String
    let previous: String?
    let next: String?

    init(_ orders: [Order], state: Order.State?, search: String, page: Int, csrf: String, timeZone: TimeZone) {
        self.csrf = csrf
        self.state = state?.rawValue
        self.search = search
        func href(_ state: Order.State?, page: Int = 1) -> String {
            var query: [(name: String, value: String)] = []
            if let state { query.append(("state", state.rawValue)) }
            if !search.isEmpty { query.append(("search", search)) }
            if page > 1 { query.append(("page", String(page))) }
            return StellaOwnerPages.path + "/orders" + (query.isEmpty ? "" : "?" + URLQuery.encode(query))
        }
        tabs = [OwnerTab(label: "All", href: href(nil), current: state == nil)]
            + Order.State.allCases.map { OwnerTab(label: $0.rawValue.capitalized, href: href($0), current: state == $0) }
        rows = orders.map { order in
            Row(number: order.number, placed: DateText.dateTime(order.placed, timeZone: timeZone, seconds: false), state: order.state.rawValue,
                name: order.name, email: order.email, items: order.lines.map { "\($0.quantity) × \($0.title.isEmpty ? $0.sku : $0.title)" }.joined(separator: ", "),
                total: order.total.formatted)
        }
        hasRows = !rows.isEmpty
        empty = page > 1 ? "No more orders." : search.isEmpty && state == nil ? "No orders yet." : "No orders match."
        previous = page > 1 ? href(state, page: page - 1) : nil
        next = orders.count == OrderAdminViewModel.pageSize ? href(state, page: page + 1) : nil
    }
}
