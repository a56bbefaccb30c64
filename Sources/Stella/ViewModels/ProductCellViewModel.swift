import Foundation

public struct ProductCellViewModel: ProductCellViewModelInterface {
    private let product: Product

    public init(product: Product) {
        self.product = product
    }

    public var code: String { product.code }
    public var brand: String { product.brand }
    public var name: String { product.name }
    public var category: String { product.microCategory }
    public var price: String { product.price.formatted }
    public var fullPrice: String? { product.discountPercent == nil ? nil : product.fullPrice.formatted }
    public var discount: String? { product.discountPercent.map { "-\($0)%" } }
    public var thumbnail: String { product.images.first?.thumbnail ?? "" }
    public var colours: [Product.Colour] { product.colours }
    public var isSoldOut: Bool { product.isSoldOut }
}
