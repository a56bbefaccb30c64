import Foundation
import ListorKit
import Stella

/// What `stella/owner-stock-history.mustache` shows: the owner's stock adjustments, newest
/// first, of one variant or of all.
struct OwnerStockHistoryPage: Encodable {
    struct Row: Encodable {
        let at: String
        let sku: String
        let before: Int
        let after: Int
        let by: String
    }

    let section = "stock"
    let sku: String?
    let rows: [Row]
    let hasRows: Bool

    init(_ adjustments: [StockAdjustment], sku: String?, timeZone: TimeZone) {
        self.sku = sku
        rows = adjustments.map { Row(at: DateText.dateTime($0.at, timeZone: timeZone, seconds: false), sku: $0.sku, before: $0.before, after: $0.after, by: $0.by) }
        hasRows = !rows.isEmpty
    }
}
