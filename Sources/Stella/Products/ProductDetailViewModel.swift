import Foundation
import ListorKit

/// The product screen: prices with the discount, the description made safe, every picture, and
/// the shopper's choice of a value for each option, with what each value would give (in stock,
/// sold out, not made in the other values chosen) and whether the choice can go in the bag.
public struct ProductDetailViewModel: Sendable {
    /// One value of an option, as the choice shows it.
    public struct Value: Sendable, Hashable {
        public var name: String
        public var isChosen: Bool
        /// "sold out", "not made in Navy"; nil when a variant in stock has it with the other values chosen.
        public var note: String?
    }

    /// One option and its values: a radio group.
    public struct Choice: Sendable, Hashable {
        public var name: String
        /// Its form field: "option1".
        public var field: String
        public var values: [Value]
    }

    public let product: Product
    /// The value chosen for each option, in the options' order; nil where none is.
    public let chosen: [String?]

    /// `choice` gives the value chosen by option name or by field ("option1"); a value the
    /// option does not have counts as not chosen.
    public init(product: Product, choice: (String) -> String? = { _ in nil }) {
        self.product = product
        chosen = product.options.enumerated().map { index, option in
            let value = choice("option\(index + 1)") ?? choice(option.name)
            return option.values.first { $0.caseInsensitiveCompare(value ?? "") == .orderedSame }
        }
    }

    /// The shopper opens a product; throws `CatalogueError.unknownProduct` for a code the catalogue does not have.
    public static func load(code: String, choice: (String) -> String? = { _ in nil }, from catalogue: CatalogueClient) async throws -> ProductDetailViewModel {
        ProductDetailViewModel(product: try await catalogue.product(code), choice: choice)
    }

    public var department: Department { product.department }
    public var title: String { "\(product.brand) \(product.name)" }
    /// The chosen variant's price, else the product's ("from €49.00" when they differ).
    public var price: String {
        if let variant { return variant.price.formatted }
        return (product.hasPriceRange ? "from " : "") + product.price.formatted
    }
    public var fullPrice: String? {
        if let variant { return variant.compareAtPrice.flatMap { $0 > variant.price ? $0.formatted : nil } }
        return product.discountPercent == nil ? nil : product.fullPrice.formatted
    }
    /// "30% off".
    public var discount: String? {
        let percent = variant.map { variant in variant.compareAtPrice.flatMap(variant.price.percentOff) } ?? product.discountPercent
        return percent.map { "\($0)% off" }
    }
    public var category: String { "\(product.department.name) › \(product.category)" }
    /// The description with only harmless inline elements left.
    public var descriptionHTML: String { InlineHTML.sanitized(product.description) }

    /// The variant every option's chosen value names; nil until each is chosen, or when none is made so.
    public var variant: ProductVariant? {
        let values = chosen.compactMap { $0 }
        return values.count == product.options.count ? product.variant(values) : nil
    }

    /// The options and their values, each value with what it would give beside the other values chosen.
    public var choices: [Choice] {
        product.options.enumerated().map { index, option in
            Choice(name: option.name, field: "option\(index + 1)", values: option.values.map { value in
                Value(name: value, isChosen: chosen[index] == value, note: note(value, at: index))
            })
        }
    }

    /// Why `value` of option `index` cannot be had with the other values chosen; nil when it can.
    func note(_ value: String, at index: Int) -> String? {
        let matching = product.variants.filter { variant in
            variant.values[index] == value && chosen.enumerated().allSatisfy { other, chosen in other == index || chosen == nil || variant.values[other] == chosen }
        }
        if matching.isEmpty {
            let others = chosen.enumerated().compactMap { $0.offset == index ? nil : $0.element }
            return "not made in " + others.joined(separator: " and ")
        }
        return matching.contains(where: \.isAvailable) ? nil : "sold out"
    }

    /// What the choice gives, said in words: "Choose a Size", "M in Navy is sold out",
    /// "M is not made in Sky", "3 left", "In stock".
    public var status: String {
        if product.isSoldOut { return "Sold out in every \(product.options.map { $0.name.lowercased() }.joined(separator: " and ").nonEmpty ?? "version")" }
        let missing = product.options.indices.filter { chosen[$0] == nil }.map { product.options[$0].name }
        let named = chosen.compactMap { $0 }.joined(separator: " in ")
        guard missing.isEmpty else { return "Choose a " + missing.joined(separator: " and a ") }
        guard let variant else { return "\(named) is not made" }
        guard let left = variant.orderable else { return "\(named.isEmpty ? "" : named + ": ")in stock" }
        if left == 0 { return "\(named.isEmpty ? "It" : named) is sold out" }
        return left <= 5 ? "\(named.isEmpty ? "" : named + ": ")only \(left) left" : "\(named.isEmpty ? "" : named + ": ")in stock"
    }

    /// Whether the choice can go in the bag now.
    public var canAdd: Bool { variant?.isAvailable ?? false }

    /// Every picture at the store's path, with its text; the chosen variant's first.
    public var pictures: [(path: String, alt: String)] {
        var all = product.pictures.enumerated().map { (index: $0.offset, path: ProductPictures.path(code: product.code, index: $0.offset + 1), alt: $0.element.alt) }
        if let picture = variant?.picture, let first = all.firstIndex(where: { product.pictures[$0.index].source == picture }) {
            all.insert(all.remove(at: first), at: 0)
        }
        return all.map { (path: $0.path, alt: $0.alt.isEmpty ? title : $0.alt) }
    }
}

extension String {
    /// Nil when empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
