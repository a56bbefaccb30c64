import Foundation

public struct ProductCellViewModel: ProductCellViewModelInterface {
    private let product: Product

    public init(product: Product) {
        self.product = product
    }

    public var code: String { product.code }
    public var brand: String { product.brand }
    public var name: String { product.name }
    public var category: String { product.category }
    public var price: String { (product.hasPriceRange ? "from " : "") + product.price.formatted }
    public var fullPrice: String? { product.discountPercent == nil ? nil : product.fullPrice.formatted }
    public var discount: String? { product.discountPercent.map { "-\($0)%" } }
    public var thumbnail: String { ProductPictures.path(code: product.code, index: 1) }
    public var colours: [String] { product.values(of: .colour) }
    public var isSoldOut: Bool { product.isSoldOut }
}
