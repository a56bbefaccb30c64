import Foundation
import Stella

/// What `stella/owner-products.mustache` shows: the store's products, on sale, drafts and
/// archived, each to archive, restore or delete; and the catalogue's import and export.
struct OwnerProductsPage: Encodable {
    enum Show: String, CaseIterable {
        case all, onSale = "on-sale", draft, archived

        var label: String {
            switch self {
            case .all: "All"
            case .onSale: "On sale"
            case .draft: "Drafts"
            case .archived: "Archived"
            }
        }

        func includes(_ product: Product) -> Bool {
            switch self {
            case .all: true
            case .onSale: product.isOnSale
            case .draft: product.status == .draft
            case .archived: product.status == .archived
            }
        }
    }

    struct Row: Encodable {
        let index: Int
        let code: String
        let name: String
        let saleState: String
        let variants: String
        let canArchive: Bool
        let canRestore: Bool
        let href: String?
    }

    let section = "products"
    let csrf: String
    let tabs: [OwnerTab]
    let back: String
    let rows: [Row]
    let hasRows: Bool
    let summary: String
    let previous: String?
    let next: String?
    let notice: String?
    let problem: String?

    /// The pairs of a form's `back` worth keeping.
    static func query(of back: String?) -> [(name: String, value: String)] {
        (QueryPairs.decode(back) ?? []).filter { $0.name == "show" || $0.name == "page" }
    }

    init(_ products: [Product], show: Show, page: Int, pageSize: Int, csrf: String, notice: String?, problem: String?) {
        self.csrf = csrf
        func query(_ show: Show, page: Int = 1) -> [(name: String, value: String)] {
            (show == .all ? [] : [("show", show.rawValue)]) + (page > 1 ? [("page", String(page))] : [])
        }
        func href(_ show: Show, page: Int = 1) -> String {
            let pairs = query(show, page: page)
            return StellaOwnerPages.path + "/products" + (pairs.isEmpty ? "" : "?" + URLQuery.encode(pairs))
        }
        back = URLQuery.encode(query(show, page: page))
        tabs = Show.allCases.map { OwnerTab(label: "\($0.label) (\(products.filter($0.includes).count))", href: href($0), current: $0 == show) }
        let slice = OwnerSlice(products.filter(show.includes), page: page, pageSize: pageSize, noun: "product")
        rows = slice.items.enumerated().map { index, product in
            let stocked = product.variants.filter(\.isAvailable).count
            return Row(index: index, code: product.code, name: product.name, saleState: product.saleState,
                       variants: "\(product.variants.count) variant\(product.variants.count == 1 ? "" : "s"), \(stocked) to be had",
                       canArchive: product.status != .archived, canRestore: product.status != .active,
                       href: product.isOnSale ? "/stella/products/" + (product.code.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? product.code) : nil)
        }
        hasRows = !rows.isEmpty
        summary = slice.summary ?? "No products to show."
        previous = page > 1 ? href(show, page: page - 1) : nil
        next = slice.hasNext ? href(show, page: page + 1) : nil
        self.notice = notice
        self.problem = problem
    }
}
