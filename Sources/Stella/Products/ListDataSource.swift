import Foundation

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
