import Foundation
import ListorKit
import Stella

/// What `stella/product.mustache` shows: one product with its prices, every picture, its
/// description, and the form that chooses a value of each option and puts it in the bag.
struct ProductDetailPage: Encodable {
    struct Option: Encodable {
        let name: String
        let field: String
        let values: [Value]
    }

    struct Value: Encodable {
        let id: String
        let name: String
        let checked: Bool
        let note: String?
        let swatch: String?
    }

    struct Picture: Encodable {
        let id: String
        let src: String
        let alt: String
        let label: String
    }

    let shop: StellaHeader
    let csrf: String
    let title: String
    /// What search engines are shown, when the catalogue says (Shopify's SEO Title and Description).
    let pageTitle: String
    let metaDescription: String?
    let code: String
    let brand: String
    let name: String
    let department: String
    let backHref: String
    let category: String
    let price: String
    let fullPrice: String?
    let discount: String?
    let status: String
    let error: String?
    let isSoldOut: Bool
    let options: [Option]
    let pictures: [Picture]
    let hasThumbnails: Bool
    let description: HTMLFragment
    let variantsJSON: String

    init(_ view: ProductDetailViewModel, shop: StellaHeader, csrf: String, error: String? = nil) {
        let product = view.product
        self.shop = shop
        self.csrf = csrf
        title = view.title
        pageTitle = product.details.seoTitle.isEmpty ? view.title : product.details.seoTitle
        metaDescription = product.details.seoDescription.isEmpty ? nil : product.details.seoDescription
        code = product.code
        brand = product.brand
        name = product.name
        department = view.department.name
        backHref = "/stella/\(view.department.id)"
        category = view.category
        price = view.price
        fullPrice = view.fullPrice
        discount = view.discount
        status = view.status
        self.error = error
        isSoldOut = product.isSoldOut
        options = view.choices.map { choice in
            Option(name: choice.name, field: choice.field, values: choice.values.enumerated().map { index, value in
                Value(id: "\(choice.field)-\(index + 1)", name: value.name, checked: value.isChosen, note: value.note,
                      swatch: product.options.first { $0.name == choice.name }?.kind == .colour ? ColourNames.hex(value.name) : nil)
            })
        }
        let all = view.pictures
        pictures = all.enumerated().map { Picture(id: "picture-\($0.offset + 1)", src: $0.element.path, alt: $0.element.alt, label: "Picture \($0.offset + 1) of \(all.count)") }
        hasThumbnails = all.count > 1
        description = HTMLFragment(bytes: Array(view.descriptionHTML.utf8))
        // Each variant with its own picture's address, for the gallery to show it when chosen.
        variantsJSON = JSONValue.array(product.variants.map { variant in
            let picture = variant.picture.flatMap { source in product.pictures.firstIndex { $0.source == source } }
                .map { JSONValue.string(ProductPictures.path(code: product.code, index: $0 + 1)) } ?? .null
            return .members([("values", .array(variant.values.map(JSONValue.string))), ("stock", variant.orderable.map { .number(Double($0)) } ?? .null),
                             ("price", .string(variant.price.formatted)), ("picture", picture)])
        }).serialized(pretty: false)
    }
}
