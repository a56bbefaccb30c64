import Foundation
import Stella

/// What `stella/owner-stock.mustache` shows: every variant's stock, the low or the sold out,
/// each counted one set by its own form, and the inventory CSV to count many at once.
struct OwnerStockPage: Encodable {
    struct Row: Encodable {
        let index: Int
        let sku: String
        let title: String
        let product: String
        let saleState: String
        let stock: String
        /// The count to edit; nil for a variant whose stock is not tracked.
        let count: Int?
        let history: String
    }

    let section = "stock"
    let csrf: String
    let tabs: [OwnerTab]
    let view: String
    let search: String
    /// The list's query, for the forms to come back to.
    let back: String
    let rows: [Row]
    let hasRows: Bool
    let summary: String
    let previous: String?
    let next: String?
    let notice: String?
    let problems: [String]
    let hasProblems: Bool

    /// The list's query parameters that `back` may carry.
    static let queryNames: Set<String> = ["show", "search", "page"]

    /// The pairs of a form's `back` worth keeping.
    static func query(of back: String?) -> [(name: String, value: String)] {
        (QueryPairs.decode(back) ?? []).filter { queryNames.contains($0.name) }
    }

    init(_ all: [StockViewModel.Row], view: StockViewModel.View, search: String, page: Int, pageSize: Int, csrf: String, notice: String?, problems: [String]) {
        self.csrf = csrf
        self.view = view.rawValue
        self.search = search
        func query(_ view: StockViewModel.View, page: Int = 1) -> [(name: String, value: String)] {
            var query: [(name: String, value: String)] = []
            if view != .all { query.append(("show", view.rawValue)) }
            if !search.isEmpty { query.append(("search", search)) }
            if page > 1 { query.append(("page", String(page))) }
            return query
        }
        func href(_ view: StockViewModel.View, page: Int = 1) -> String {
            let pairs = query(view, page: page)
            return StellaOwnerPages.path + "/stock" + (pairs.isEmpty ? "" : "?" + URLQuery.encode(pairs))
        }
        back = URLQuery.encode(query(view, page: page))
        tabs = [OwnerTab(label: "All", href: href(.all), current: view == .all), OwnerTab(label: "Low", href: href(.low), current: view == .low),
                OwnerTab(label: "Sold out", href: href(.soldOut), current: view == .soldOut)]
        let slice = OwnerSlice(all, page: page, pageSize: pageSize, noun: "variant")
        rows = slice.items.enumerated().map { index, row in
            Row(index: index, sku: row.variant.sku, title: row.variant.values.joined(separator: " / "), product: row.product.name,
                saleState: row.product.saleState, stock: row.variant.stockText, count: row.variant.tracked ? row.variant.stock : nil,
                history: StellaOwnerPages.path + "/stock/history?" + URLQuery.encode([("sku", row.variant.sku)]))
        }
        hasRows = !rows.isEmpty
        summary = slice.summary ?? (search.isEmpty ? "No variants to show." : "No variants match.")
        previous = page > 1 ? href(view, page: page - 1) : nil
        next = slice.hasNext ? href(view, page: page + 1) : nil
        self.notice = notice
        self.problems = problems
        hasProblems = !problems.isEmpty
    }
}
