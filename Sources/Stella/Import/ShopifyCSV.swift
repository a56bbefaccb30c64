import Foundation
import ListorKit

/// Shopify's product CSV, the file every storefront tool exports, read as Shopify documents it:
/// a product's first row has its fields and names its options; the rows after it with the same
/// `Handle` and no `Title` continue it, each with a variant, a picture, or both. Columns are
/// found by their names, in any order and any case; the many others Shopify writes are passed over.
///
/// Each bad row is reported by its line and column and the good ones are kept; the rows of a
/// product whose first row is refused are reported too, as is a product left with no variant.
public enum ShopifyCSV {
    enum Column: String, CaseIterable {
        case handle = "Handle", title = "Title", body = "Body (HTML)", vendor = "Vendor", type = "Type", tags = "Tags"
        case published = "Published", publishedOnline = "Published on online store", status = "Status"
        case option1Name = "Option1 Name", option1Value = "Option1 Value", option2Name = "Option2 Name", option2Value = "Option2 Value"
        case option3Name = "Option3 Name", option3Value = "Option3 Value"
        case sku = "Variant SKU", tracker = "Variant Inventory Tracker", stock = "Variant Inventory Qty", policy = "Variant Inventory Policy"
        case price = "Variant Price", compareAtPrice = "Variant Compare At Price"
        case variantImage = "Variant Image", imageSource = "Image Src", imagePosition = "Image Position", imageAlt = "Image Alt Text"
        case barcode = "Variant Barcode", grams = "Variant Grams", weightUnit = "Variant Weight Unit", category = "Product Category"
        case giftCard = "Gift Card", seoTitle = "SEO Title", seoDescription = "SEO Description"
    }

    /// The units Shopify weighs a variant in.
    static let weightUnits: Set<String> = ["g", "kg", "lb", "oz"]

    static let optionNames: [Column] = [.option1Name, .option2Name, .option3Name]
    static let optionValues: [Column] = [.option1Value, .option2Value, .option3Value]

    /// The products of `text`, prices in `currency`; throws when the file has no header with
    /// `Handle` and `Title`. `store` is the SKUs the store has, each with its product's handle:
    /// a SKU stays with its product. A picture address `addresses` refuses is a bad value, as
    /// one that is not http(s) is.
    public static func read(_ text: String, currency: String = "EUR", store: [String: String] = [:],
                            addresses: AddressGuard? = nil) throws(ShopifyCSVError) -> PartialResult<Product> {
        var records = CSV.read(text, separator: separator(of: text))[...]
        guard let first = records.popFirst() else { throw ShopifyCSVError("the file is empty; a Shopify product CSV starts with a header row: Handle,Title,…") }
        let header: CSV.Record
        do { header = try first.get() } catch { throw ShopifyCSVError("the header row cannot be read: \(error)") }
        // Names are matched without regard to case, as spreadsheets change it.
        let byName = Dictionary(uniqueKeysWithValues: Column.allCases.map { ($0.rawValue.lowercased(), $0) })
        var columns: [Column: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            if let column = byName[name.trimmingCharacters(in: .whitespaces).lowercased()], columns[column] == nil { columns[column] = index }
        }
        let missing = [Column.handle, .title].filter { columns[$0] == nil }
        guard missing.isEmpty else {
            throw ShopifyCSVError("the header row has no \(missing.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")) column; a Shopify product CSV starts Handle,Title,…")
        }
        var reader = Reader(columns: columns, currency: currency, store: store, addresses: addresses)
        for record in records {
            switch record {
            case .success(let row): reader.read(row)
            case .failure(let error): reader.problems.append(Problem(line: error.line, reason: error.message))
            }
        }
        return reader.result()
    }

    /// What separates the fields: the comma Shopify writes, or the `;` or tab of a file a
    /// spreadsheet saved in a locale whose decimal point is a comma — whichever the header row
    /// holds most of (Shopify's column names hold none).
    static func separator(of text: String) -> Unicode.Scalar {
        let header = text.unicodeScalars.prefix { $0 != "\n" && $0 != "\r" }
        let counts = [",", ";", "\t"].map { separator in (separator, header.filter { $0 == separator }.count) }
        return counts.max { $0.1 < $1.1 }.map(\.0) ?? ","
    }

    /// The SKU of a variant the file gives none, as most small shops leave it: its product's
    /// handle and its option values, lower-case with hyphens ("classic-varsity-top/small",
    /// "ocean-blue-shirt" for a product of one variant). The same file gives the same SKUs, so
    /// orders and stock find the variant again after every import; the export leaves it out.
    public static func derivedSKU(handle: String, values: [String]) -> String {
        ([handle] + values.map { value in
            value.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "/" }).joined(separator: "-")
        }).joined(separator: "/")
    }

    /// The products as a Shopify product CSV, as Shopify exports one: each product's first row
    /// with its fields, its first variant and first picture, then a row for each further
    /// variant (with the next picture beside it) and for each picture left. `read` gives the
    /// products back.
    public static func write(_ products: [Product]) -> String {
        // The columns of Shopify's own export: the newer name for Published is read, not written.
        let written = Column.allCases.filter { $0 != .publishedOnline }
        var rows = [written.map(\.rawValue)]
        for product in products {
            for index in 0..<max(product.variants.count, product.pictures.count, 1) {
                var row: [Column: String] = [.handle: product.code]
                if index == 0 {
                    row[.title] = product.name
                    row[.body] = product.description
                    row[.vendor] = product.brand
                    row[.type] = product.type
                    row[.tags] = product.tags.joined(separator: ", ")
                    row[.published] = String(product.published)
                    row[.status] = product.status.rawValue
                    row[.category] = product.details.category
                    row[.giftCard] = String(product.details.giftCard)
                    row[.seoTitle] = product.details.seoTitle
                    row[.seoDescription] = product.details.seoDescription
                    if product.options.isEmpty { row[.option1Name] = "Title" }
                    for (option, column) in zip(product.options, optionNames) { row[column] = option.name }
                }
                if index < product.variants.count {
                    let variant = product.variants[index]
                    if product.options.isEmpty { row[.option1Value] = "Default Title" }
                    for (value, column) in zip(variant.values, optionValues) { row[column] = value }
                    row[.sku] = variant.sku == derivedSKU(handle: product.code, values: variant.values) ? "" : variant.sku
                    row[.tracker] = variant.tracked ? "shopify" : ""
                    row[.stock] = String(variant.stock)
                    row[.policy] = variant.oversells ? "continue" : "deny"
                    row[.price] = variant.price.majorText
                    row[.compareAtPrice] = variant.compareAtPrice?.majorText
                    row[.variantImage] = variant.picture
                    row[.barcode] = variant.details.barcode
                    row[.grams] = variant.details.grams.map(String.init)
                    row[.weightUnit] = variant.details.weightUnit
                }
                if index < product.pictures.count {
                    let picture = product.pictures[index]
                    row[.imageSource] = picture.source
                    row[.imagePosition] = String(picture.position)
                    row[.imageAlt] = picture.alt
                }
                rows.append(written.map { row[$0] ?? "" })
            }
        }
        return CSV.write(rows)
    }

    /// The products as the rows build them, and the problems found.
    struct Reader {
        let columns: [Column: Int]
        let currency: String
        /// The store's SKUs and their products' handles.
        let store: [String: String]
        let addresses: AddressGuard?
        var products: [String: Product] = [:]
        var order: [String] = []
        /// The line of each product's first row.
        var firstLines: [String: Int] = [:]
        /// Handles whose first row was refused, with its line.
        var refused: [String: Int] = [:]
        /// Each SKU and the line that has it.
        var skus: [String: Int] = [:]
        /// Each product's variants' values and the line of each.
        var combinations: [String: [[String]: Int]] = [:]
        var problems: [Problem] = []

        /// The cell's text, trimmed unless a number is wanted as written ("+3" and " 7 " are no stock).
        func value(_ column: Column, of row: CSV.Record, trimmed: Bool = true) -> String {
            guard let index = columns[column], index < row.fields.count else { return "" }
            let text = CSV.unprotected(row.fields[index])
            return trimmed ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
        }

        mutating func read(_ row: CSV.Record) {
            let line = row.line
            var found: [Problem] = []
            func problem(_ column: Column?, _ reason: String) { found.append(Problem(line: line, field: column?.rawValue, reason: reason)) }
            defer { problems += found }
            let handle = value(.handle, of: row)
            guard !handle.isEmpty else { return problem(.handle, "is required: it names the product the row belongs to") }
            guard handle.count <= 255, handle.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
                return problem(.handle, "\"\(handle.prefix(60))\" is not a handle: lower-case letters, digits and hyphens, as \"linen-shirt\"")
            }
            if let firstLine = refused[handle] { return problem(nil, "product \"\(handle)\" was refused at its first row, line \(firstLine)") }
            // The rule for all stored text: nothing hidden that a page, a terminal or a shop owner
            // would obey or miss; a description keeps its line breaks and tabs.
            for column in Column.allCases {
                var text = value(column, of: row)
                if column == .body { text = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ") }
                if let hidden = HiddenCharacter.first(in: text) { problem(column, hidden.description) }
            }
            guard found.isEmpty else {
                if products[handle] == nil { refused[handle] = line }
                return
            }
            let title = value(.title, of: row)
            var product: Product
            if let existing = products[handle] {
                guard title.isEmpty || title == existing.name else {
                    return problem(.title, "product \"\(handle)\" began at line \(firstLines[handle] ?? 0); a row that continues it has no Title")
                }
                product = existing
            } else {
                guard !title.isEmpty else {
                    refused[handle] = line
                    return problem(.title, "is required on the first row of product \"\(handle)\"")
                }
                // An empty Status is an older file's, from before drafts: on sale, as Shopify reads it.
                let statusText = value(.status, of: row).lowercased()
                guard let status = statusText.isEmpty ? .active : Product.Status(rawValue: statusText) else {
                    refused[handle] = line
                    return problem(.status, "\"\(statusText.prefix(30))\" is none of active, draft and archived")
                }
                let publishedColumn: Column = columns[.published] == nil ? .publishedOnline : .published
                let publishedText = value(publishedColumn, of: row).lowercased()
                guard ["", "true", "false"].contains(publishedText) else {
                    refused[handle] = line
                    return problem(publishedColumn, "\"\(publishedText.prefix(30))\" is neither true nor false")
                }
                let giftCardText = value(.giftCard, of: row).lowercased()
                guard ["", "true", "false"].contains(giftCardText) else {
                    refused[handle] = line
                    return problem(.giftCard, "\"\(giftCardText.prefix(30))\" is neither true nor false")
                }
                product = Product(code: handle, name: title, brand: value(.vendor, of: row),
                                  type: value(.type, of: row), tags: value(.tags, of: row).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                                  description: value(.body, of: row), status: status, published: publishedText != "false",
                                  details: ProductDetails(category: value(.category, of: row), seoTitle: value(.seoTitle, of: row),
                                                          seoDescription: value(.seoDescription, of: row), giftCard: giftCardText == "true"))
                let names = ShopifyCSV.optionNames.map { value($0, of: row) }
                // Shopify's own single option: "Title" with the value "Default Title".
                let named = names == ["Title", "", ""] ? [] : names
                if let gap = named.indices.first(where: { named[$0].isEmpty }), named[gap...].contains(where: { !$0.isEmpty }) {
                    refused[handle] = line
                    return problem(ShopifyCSV.optionNames[gap], "is empty while a later option is named; options are named from Option1")
                }
                product.options = named.filter { !$0.isEmpty }.map { ProductOption(name: $0, values: []) }
            }
            let variant = variant(of: row, for: product, problem: problem)
            let picture = picture(of: row, after: product.pictures, problem: problem)
            guard found.isEmpty else {
                if products[handle] == nil { refused[handle] = line }
                return
            }
            if products[handle] == nil {
                order.append(handle)
                firstLines[handle] = line
            }
            if let variant {
                for (index, value) in variant.values.enumerated() where !product.options[index].values.contains(value) {
                    product.options[index].values.append(value)
                }
                product.variants.append(variant)
                skus[variant.sku] = line
                combinations[handle, default: [:]][variant.values] = line
            }
            if let picture { product.pictures.append(picture) }
            products[handle] = product
        }

        /// The row's variant, nil when it has none (a row of a picture alone).
        func variant(of row: CSV.Record, for product: Product, problem: (Column?, String) -> Void) -> ProductVariant? {
            let values = ShopifyCSV.optionValues.map { value($0, of: row) }
            let given = value(.sku, of: row), priceText = value(.price, of: row)
            guard values.contains(where: { !$0.isEmpty }) || !given.isEmpty || !priceText.isEmpty else { return nil }
            var chosen: [String] = []
            for (index, text) in values.enumerated() {
                if index < product.options.count {
                    if text.isEmpty { problem(ShopifyCSV.optionValues[index], "is required: product \"\(product.code)\" varies by \(product.options[index].name)") }
                    chosen.append(text)
                } else if !text.isEmpty, !(index == 0 && text == "Default Title" && product.options.isEmpty) {
                    problem(ShopifyCSV.optionValues[index], "\"\(text)\" is a value of no option: product \"\(product.code)\" has \(product.options.count) option\(product.options.count == 1 ? "" : "s")")
                }
            }
            let sku = given.isEmpty ? ShopifyCSV.derivedSKU(handle: product.code, values: chosen) : given
            if let other = skus[sku] {
                problem(.sku, "\"\(sku)\" is already the SKU of line \(other)")
            } else if let owner = store[sku], owner != product.code {
                problem(.sku, "\"\(sku)\" is the SKU of product \"\(owner)\" in the store; a SKU stays with its product (give this variant another)")
            }
            let price = Money(major: priceText, currency: currency)
            if price == nil { problem(.price, priceText.isEmpty ? "is required" : "\"\(priceText.prefix(30))\" is not an amount such as 49.90") }
            let compareText = value(.compareAtPrice, of: row)
            let compare = compareText.isEmpty ? nil : Money(major: compareText, currency: currency)
            if !compareText.isEmpty, compare == nil { problem(.compareAtPrice, "\"\(compareText.prefix(30))\" is not an amount such as 59.90") }
            // Shopify counts stock only where the tracker says "shopify"; a file without the column
            // is one whose every variant is counted.
            let tracked = columns[.tracker] == nil || !value(.tracker, of: row).isEmpty
            let policy = value(.policy, of: row).lowercased()
            if !["", "deny", "continue"].contains(policy) { problem(.policy, "\"\(policy.prefix(30))\" is neither deny nor continue") }
            let stockText = value(.stock, of: row, trimmed: false)
            let stock = stockText.isEmpty ? 0 : (stockText.hasPrefix("-") && policy == "continue" ? Int(digits: stockText.dropFirst()).map { -$0 } : Int(digits: stockText))
            if stock == nil { problem(.stock, "\"\(stockText.prefix(30))\" is not a whole number from 0") }
            let gramsText = value(.grams, of: row)
            let grams = gramsText.isEmpty ? nil : Int(digits: gramsText.hasSuffix(".0") ? String(gramsText.dropLast(2)) : gramsText)
            if !gramsText.isEmpty, grams == nil { problem(.grams, "\"\(gramsText.prefix(30))\" is not a whole number of grams") }
            let unit = value(.weightUnit, of: row).lowercased()
            if !unit.isEmpty, !ShopifyCSV.weightUnits.contains(unit) { problem(.weightUnit, "\"\(unit.prefix(30))\" is none of g, kg, lb and oz") }
            let image = value(.variantImage, of: row)
            if !image.isEmpty, let refusal = refusal(ofPicture: image) { problem(.variantImage, refusal) }
            if let line = combinations[product.code]?[chosen], !chosen.isEmpty {
                problem(nil, "product \"\(product.code)\" has \(chosen.joined(separator: " / ")) already, at line \(line)")
            }
            guard let price, let stock else { return nil }
            return ProductVariant(sku: sku, values: chosen, price: price, compareAtPrice: compare, stock: stock,
                                  picture: image.isEmpty ? nil : image, tracked: tracked, oversells: policy == "continue",
                                  details: VariantDetails(barcode: value(.barcode, of: row), grams: grams, weightUnit: unit))
        }

        /// The row's picture, nil when it has none.
        func picture(of row: CSV.Record, after pictures: [ProductPicture], problem: (Column?, String) -> Void) -> ProductPicture? {
            let source = value(.imageSource, of: row)
            guard !source.isEmpty else { return nil }
            if let refusal = refusal(ofPicture: source) {
                problem(.imageSource, refusal)
                return nil
            }
            let positionText = value(.imagePosition, of: row, trimmed: false)
            let position = positionText.isEmpty ? (pictures.map(\.position).max() ?? 0) + 1 : Int(digits: positionText)
            guard let position, position >= 1 else {
                problem(.imagePosition, "\"\(positionText.prefix(30))\" is not a whole number from 1")
                return nil
            }
            return ProductPicture(source: source, position: position, alt: value(.imageAlt, of: row))
        }

        /// Why `text` cannot be a picture's address; nil when it can.
        func refusal(ofPicture text: String) -> String? {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", url.host?.isEmpty == false else {
                return "\"\(text.prefix(80))\" is not an http or https address"
            }
            return addresses?.refusalWithoutResolving(url).map { "\"\(text.prefix(80))\" is refused: \($0)" }
        }

        /// The products in the order of their first rows, pictures by position; a product with no variant is reported and left out.
        func result() -> PartialResult<Product> {
            var result = PartialResult<Product>(problems: problems)
            for handle in order {
                guard var product = products[handle] else { continue }
                guard !product.variants.isEmpty else {
                    result.problems.append(Problem(line: firstLines[handle], reason: "product \"\(handle)\" has no variant: give its first row a Variant Price"))
                    continue
                }
                product.pictures = product.pictures.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
                result.items.append(product)
            }
            result.problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
            return result
        }
    }
}
