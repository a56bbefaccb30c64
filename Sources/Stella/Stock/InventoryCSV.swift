import Foundation
import ListorKit

/// Shopify's inventory CSV: a row for each variant, named by its SKU or by its product's Handle
/// and option values, with its stock on hand. What the owner counted in a stocktake, or
/// exported, changed in a spreadsheet and brought back.
public enum InventoryCSV {
    /// A variant's new count, and the line that gave it.
    public struct Count: Sendable, Hashable {
        public var sku: String
        public var stock: Int
        public var line: Int
    }

    /// The columns read, as Shopify names them; the count is the first of `On hand (new)`, `On
    /// hand` and `Available` that the header has.
    static let countColumns = ["on hand (new)", "on hand", "available"]

    /// The counts of `text` for the variants of `products`: a row without a count is left out, as
    /// Shopify leaves that variant's stock as it is. Each row that names no variant, or gives no
    /// whole number, is a problem with its line and column. Throws for a file that is no
    /// inventory CSV at all.
    public static func read(_ text: String, products: [Product]) throws(ShopifyCSVError) -> PartialResult<Count> {
        var records = CSV.read(text, separator: ShopifyCSV.separator(of: text))[...]
        guard let first = records.popFirst(), let header = try? first.get() else {
            throw ShopifyCSVError("the file has no header row; an inventory CSV starts Handle,Title,…,SKU,…,On hand (new)")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let countName = countColumns.first(where: { column($0) != nil }), let count = column(countName) else {
            throw ShopifyCSVError("the header row has no \"On hand (new)\", \"On hand\" or \"Available\" column: the stock to set")
        }
        let sku = column("sku"), handle = column("handle")
        guard sku != nil || handle != nil else {
            throw ShopifyCSVError("the header row has no \"SKU\" or \"Handle\" column to name each variant by")
        }
        let values = (1...3).map { column("option\($0) value") }
        let known = Set(products.flatMap { $0.variants.map(\.sku) })
        var byValues: [String: [[String]: String]] = [:]
        for product in products {
            byValues[product.code] = Dictionary(product.variants.map { ($0.values.map { $0.lowercased() }, $0.sku) }, uniquingKeysWith: { first, _ in first })
        }
        let columnName = header.fields[count].trimmingCharacters(in: .whitespaces)
        var result = PartialResult<Count>()
        var seen: [String: Int] = [:]
        for record in records {
            let row: CSV.Record
            switch record {
            case .success(let read): row = read
            case .failure(let error):
                result.problems.append(Problem(line: error.line, reason: error.message))
                continue
            }
            func field(_ index: Int?) -> String {
                guard let index, index < row.fields.count else { return "" }
                return CSV.unprotected(row.fields[index]).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            if row.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            let text = field(count)
            if text.isEmpty { continue }
            let negative = text.hasPrefix("-")
            guard let magnitude = Int(digits: negative ? text.dropFirst() : text[...]), magnitude <= 1_000_000 else {
                result.problems.append(Problem(line: row.line, field: columnName, reason: "\"\(text.prefix(20))\" is not a whole number from -1000000 to 1000000"))
                continue
            }
            var found: String?
            let given = field(sku)
            if !given.isEmpty {
                guard known.contains(given) else {
                    result.problems.append(Problem(line: row.line, field: "SKU", reason: "the store has no variant \"\(given.prefix(60))\""))
                    continue
                }
                found = given
            } else {
                let code = field(handle)
                let chosen = values.map { field($0).lowercased() }.filter { !$0.isEmpty }
                guard let variants = byValues[code] else {
                    result.problems.append(Problem(line: row.line, field: sku == nil ? "Handle" : "SKU",
                                                   reason: code.isEmpty ? "names no variant: give its SKU, or its Handle and option values" : "the store has no product \"\(code.prefix(60))\""))
                    continue
                }
                found = variants[chosen] ?? (variants.count == 1 && chosen.isEmpty ? variants.values.first : nil)
                if found == nil {
                    let wanted = chosen.isEmpty ? "no option values" : "\"\(chosen.joined(separator: " / "))\""
                    result.problems.append(Problem(line: row.line, field: "Option1 Value", reason: "\(code) has no variant of \(wanted)"))
                    continue
                }
            }
            guard let found else { continue }
            if let earlier = seen[found] {
                result.problems.append(Problem(line: row.line, field: sku.map { _ in "SKU" } ?? "Handle", reason: "\(found) is counted on line \(earlier) already"))
                continue
            }
            seen[found] = row.line
            result.items.append(Count(sku: found, stock: negative ? -magnitude : magnitude, line: row.line))
        }
        return result
    }

    /// The variants' stock as Shopify's inventory CSV, to count and bring back: `On hand
    /// (current)` as the store has it, and `On hand (new)` empty, to fill in.
    public static func write(_ rows: [StockViewModel.Row]) -> String {
        var lines = [["Handle", "Title", "Option1 Name", "Option1 Value", "Option2 Name", "Option2 Value", "Option3 Name", "Option3 Value",
                      "SKU", "On hand (current)", "On hand (new)"]]
        for row in rows where row.variant.tracked {
            var fields = [row.product.code, row.product.name]
            for index in 0..<3 {
                fields += index < row.product.options.count && index < row.variant.values.count
                    ? [row.product.options[index].name, row.variant.values[index]] : ["", ""]
            }
            fields += [row.variant.sku, String(row.variant.stock), ""]
            lines.append(fields)
        }
        return CSV.write(lines)
    }
}
