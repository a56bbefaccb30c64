import Foundation
import Testing
@testable import Stella

@Suite struct StellaViewModelTests {
    static func product(full: Int, sale: Int?, sizes: [(String, Bool)]) -> Product {
        Product(code: "ST1", departmentID: "beauty", brand: "Vela", name: "Soft Lipstick", macroCategory: "Beauty", microCategory: "Lipstick",
                fullPrice: Money(minorUnits: full), discountedPrice: sale.map { Money(minorUnits: $0) },
                sizes: sizes.map { Product.Size(name: $0.0, isAvailable: $0.1) }, colours: [.init(name: "Red", hex: "#B3262E")],
                images: [.init(thumbnail: "/t.svg", large: "/l.svg")], added: Date(timeIntervalSince1970: 0))
    }

    @Test func cellsShowWhatTheSeedDecodedAndNeverShowed() {
        let cell: any ProductCellViewModelInterface = ProductCellViewModel(product: Self.product(full: 4000, sale: 2800, sizes: [("One size", true)]))
        #expect(cell.price == "€28.00" && cell.fullPrice == "€40.00" && cell.discount == "-30%")
        #expect(cell.colours.map(\.name) == ["Red"] && cell.thumbnail == "/t.svg" && !cell.isSoldOut)
        let full = ProductCellViewModel(product: Self.product(full: 4000, sale: nil, sizes: [("One size", false)]))
        #expect(full.fullPrice == nil && full.discount == nil && full.isSoldOut)
    }

    @Test func theDetailSaysWhatCanBeBought() {
        #expect(ProductDetailViewModel(product: Self.product(full: 100, sale: nil, sizes: [("S", true), ("M", true)])).availability == "In stock")
        #expect(ProductDetailViewModel(product: Self.product(full: 100, sale: nil, sizes: [("S", false), ("M", true)])).availability == "1 of 2 sizes available")
        let soldOut = ProductDetailViewModel(product: Self.product(full: 5000, sale: 4000, sizes: [("S", false)]))
        #expect(soldOut.availability == "Sold out" && soldOut.discount == "20% off" && soldOut.category == "Beauty › Lipstick")
    }

    @Test func oneDataSourceServesBothLists() {
        let departments = ListDataSource.departments(Departments.all)
        #expect(departments.count == 4 && departments.viewModel(at: 0).title == "Ready-to-wear")
        let products = ListDataSource.products(Array(Catalogue.bundled.products.prefix(3)))
        #expect(products.viewModels.map(\.code) == Catalogue.bundled.products.prefix(3).map(\.code))
    }
}
