import Foundation

/// What a department's row shows, as the seed's `SomeCellViewModelInterface`.
public protocol DepartmentCellViewModelInterface: Sendable {
    var id: String { get }
    var title: String { get }
}

/// What a product's cell shows: everything the seed's API sent and its list never did.
public protocol ProductCellViewModelInterface: Sendable {
    var code: String { get }
    var brand: String { get }
    var name: String { get }
    var category: String { get }
    /// The price to pay, "€89.50".
    var price: String { get }
    /// The full price when on sale, shown struck through.
    var fullPrice: String? { get }
    /// "-30%".
    var discount: String? { get }
    var thumbnail: String { get }
    var colours: [Product.Colour] { get }
    var isSoldOut: Bool { get }
}

public struct DepartmentCellViewModel: DepartmentCellViewModelInterface {
    private let department: Department

    public init(department: Department) {
        self.department = department
    }

    public var id: String { department.id }
    public var title: String { department.name }
}

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

/// One list's rows, as the seed's TableViewDataSource: the items, and how each becomes the
/// view model its cell binds to. The department list and the product list share it.
public struct ListDataSource<Item: Sendable, CellViewModel>: Sendable {
    public let items: [Item]
    private let makeViewModel: @Sendable (Item) -> CellViewModel

    public init(items: [Item], viewModel: @escaping @Sendable (Item) -> CellViewModel) {
        self.items = items
        makeViewModel = viewModel
    }

    public var count: Int { items.count }

    public func viewModel(at index: Int) -> CellViewModel { makeViewModel(items[index]) }

    public var viewModels: [CellViewModel] { items.map(makeViewModel) }
}

extension ListDataSource where Item == Department, CellViewModel == any DepartmentCellViewModelInterface {
    public static func departments(_ departments: [Department]) -> Self {
        Self(items: departments) { DepartmentCellViewModel(department: $0) }
    }
}

extension ListDataSource where Item == Product, CellViewModel == any ProductCellViewModelInterface {
    public static func products(_ products: [Product]) -> Self {
        Self(items: products) { ProductCellViewModel(product: $0) }
    }
}

/// The product screen: prices with the discount, sizes with availability, the colours, the
/// pictures, and whether anything can be bought.
public struct ProductDetailViewModel: Sendable {
    public let product: Product

    public init(product: Product) {
        self.product = product
    }

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

/// The sizes and colours a department's products come in, for the filter form.
public struct CatalogueFacets: Sendable, Hashable {
    public let sizes: [String]
    public let colours: [String]

    public init(products: [Product]) {
        var sizes: [String] = []
        var colours: [String] = []
        for product in products {
            for size in product.sizes where !sizes.contains(size.name) { sizes.append(size.name) }
            for colour in product.colours where !colours.contains(colour.name) { colours.append(colour.name) }
        }
        self.sizes = sizes
        self.colours = colours.sorted()
    }
}
