import Foundation
import ListorKit
import Stella

/// What `stella/product.mustache` shows: one product with its prices, sizes and colours.
struct ProductDetailPage: Encodable {
    struct Size: Encodable {
        let name: String
        let isAvailable: Bool
    }

    struct Colour: Encodable {
        let name: String
        let hex: String
    }

    let title: String
    let code: String
    let brand: String
    let name: String
    let department: String
    let backHref: String
    let category: String
    let image: String
    let price: String
    let fullPrice: String?
    let discount: String?
    let availability: String
    let isSoldOut: Bool
    let sizes: [Size]
    let colours: [Colour]

    init(_ viewModel: ProductDetailViewModel) {
        let product = viewModel.product
        title = viewModel.title
        code = product.code
        brand = product.brand
        name = product.name
        department = viewModel.departmentName
        backHref = "/stella/\(product.departmentID)"
        category = viewModel.category
        image = product.images.first?.large ?? ""
        price = viewModel.price
        fullPrice = viewModel.fullPrice
        discount = viewModel.discount
        availability = viewModel.availability
        isSoldOut = product.isSoldOut
        sizes = product.sizes.map { Size(name: $0.name, isAvailable: $0.isAvailable) }
        colours = product.colours.map { Colour(name: $0.name, hex: $0.hex) }
    }
}
