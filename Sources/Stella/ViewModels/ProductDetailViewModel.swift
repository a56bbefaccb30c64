import Foundation

/// The product screen: prices with the discount, sizes with availability, the colours, the
/// pictures, and whether anything can be bought.
public struct ProductDetailViewModel: Sendable {
    public let product: Product
    /// The product's department, when the catalogue has it.
    public let department: Department?

    public init(product: Product, department: Department? = nil) {
        self.product = product
        self.department = department
    }

    /// The reader opens a product; throws `CatalogueError.unknownProduct` for a code the catalogue does not have.
    public static func load(code: String, from catalogue: CatalogueClient) async throws -> ProductDetailViewModel {
        async let departments = catalogue.departments()
        let product = try await catalogue.product(code)
        return ProductDetailViewModel(product: product, department: try await departments.first { $0.id == product.departmentID })
    }

    /// "Accessories": where "back" goes.
    public var departmentName: String { department?.name ?? product.departmentID }

    public var title: String { "\(product.brand) \(product.name)" }
    public var price: String { product.price.formatted }
    public var fullPrice: String? { product.discountPercent == nil ? nil : product.fullPrice.formatted }
    /// "30% off".
    public var discount: String? { product.discountPercent.map { "\($0)% off" } }
    /// "Sold out", or how many sizes are left.
    public var availability: String {
        let available = product.sizes.filter(\.isAvailable).count
        if available == 0 { return "Sold out" }
        return available == product.sizes.count ? "In stock" : "\(available) of \(product.sizes.count) sizes available"
    }
    public var category: String { "\(product.macroCategory) › \(product.microCategory)" }
}
