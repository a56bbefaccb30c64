import Foundation
import ListorKit
import Stella

/// What `stella/bag.mustache` shows: each line with its quantity to change and a button to
/// remove it, what changed since it went in, the total, and the way to checkout.
struct BagPage: Encodable {
    struct Line: Encodable {
        let index: Int
        let code: String
        let sku: String
        let title: String
        let brand: String
        let picture: String?
        let quantity: Int
        let price: String
        let total: String
        let note: String?
    }

    let shop: StellaHeader
    let csrf: String
    let lines: [Line]
    let hasLines: Bool
    let summary: String
    let total: String
    let canCheckOut: Bool
    let notice: String?
    let error: String?

    init(_ bag: ShoppingBag, shop: StellaHeader, csrf: String, notice: String? = nil, error: String? = nil) {
        self.shop = shop
        self.csrf = csrf
        lines = bag.lines.enumerated().map { index, line in
            Line(index: index + 1, code: line.code, sku: line.sku, title: line.title, brand: line.brand, picture: line.picture, quantity: line.quantity,
                 price: line.price.formatted, total: line.total.formatted, note: line.note)
        }
        hasLines = !lines.isEmpty
        summary = bag.summary
        total = bag.total.formatted
        canCheckOut = bag.canCheckOut
        self.notice = notice
        self.error = error
    }
}
