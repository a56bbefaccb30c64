import Foundation
import ListorKit
import Testing
@testable import Stella

@Suite struct CatalogueTests {
    let catalogue = Catalogue.bundled

    @Test func theBundledCatalogueFillsEveryDepartmentTheSameEveryTime() {
        #expect(catalogue.products.count == 300)
        #expect(CatalogueGenerator.products() == catalogue.products)
        #expect(Set(catalogue.products.map(\.departmentID)) == Set(Departments.all.map(\.id)))
        #expect(Set(catalogue.products.map(\.code)).count == 300, "codes are unique")
        let onSale = catalogue.products.filter { $0.discountPercent != nil }.count
        let soldOut = catalogue.products.filter(\.isSoldOut).count
        #expect(onSale > 0 && soldOut > 0)
        #expect(catalogue.products.allSatisfy { !$0.images.isEmpty && !$0.colours.isEmpty && $0.price.minorUnits % 100 == 0 })
    }

    @Test func pagesSortAndFilter() throws {
        let all = try catalogue.page(department: "ready-to-wear", CatalogueQuery(perPage: 100))
        #expect(all.total == 100 && all.products.count == 100)
        let second = try catalogue.page(department: "ready-to-wear", CatalogueQuery(page: 2, perPage: 24))
        #expect(second.products == Array(all.products[24..<48]))
        #expect(second.pageCount == 5)
        let beyond = try catalogue.page(department: "ready-to-wear", CatalogueQuery(page: 9, perPage: 24))
        #expect(beyond.page == 5 && beyond.products == Array(all.products[96...]), "past the last page, the last, as every list does")
        #expect(second.summary == "25–48 of 100 products")
        #expect(beyond.summary == "97–100 of 100 products")

        let cheap = try catalogue.page(department: "accessories", CatalogueQuery(perPage: 100, sort: .priceAscending))
        #expect(cheap.products.map(\.price) == cheap.products.map(\.price).sorted())
        let newest = try catalogue.page(department: "accessories", CatalogueQuery(perPage: 100, sort: .newest))
        #expect(newest.products.map(\.added) == newest.products.map(\.added).sorted(by: >))

        let filtered = try catalogue.page(department: "ready-to-wear", CatalogueQuery(perPage: 100, size: "m", colour: "navy",
                                                                                   minPrice: Money(minorUnits: 20_000), maxPrice: Money(minorUnits: 90_000)))
        #expect(!filtered.products.isEmpty)
        #expect(filtered.products.allSatisfy { product in
            product.sizes.contains { $0.name == "M" && $0.isAvailable } && product.colours.contains { $0.name == "Navy" }
                && (20_000...90_000).contains(product.price.minorUnits)
        })
        #expect(throws: CatalogueError.unknownDepartment("shoes")) { try catalogue.page(department: "shoes", CatalogueQuery()) }
    }

    @Test func badParametersAreNamedAndTheRestApply() {
        let values = ["page": "0", "per_page": "500", "sort": "cheapest", "min_price": "12,50", "max_price": "80.5", "size": " S "]
        let (query, errors) = CatalogueQuery.parse { values[$0] }
        #expect(errors.map(\.field) == ["page", "per_page", "sort", "min_price"])
        #expect(errors.first?.message == "\"0\" is not a whole number from 1 to 100000")
        #expect(query.maxPrice == Money(minorUnits: 8050))
        #expect(query.size == "S")
        #expect(query.page == 1 && query.perPage == 24 && query.sort == .relevance)
        let (_, inverted) = CatalogueQuery.parse { ["min_price": "100", "max_price": "50"][$0] }
        #expect(inverted == [FieldError(field: "max_price", message: "is below min_price")])
    }

    @Test func moneyIsFormattedFromMinorUnits() {
        #expect(Money(minorUnits: 129_000).formatted == "€1,290.00")
        #expect(Money(minorUnits: 8950).formatted == "€89.50")
        #expect(Money(minorUnits: 5).formatted == "€0.05")
        #expect(Money(major: "49.9") == Money(minorUnits: 4990))
        #expect(Money(major: "-3") == nil && Money(major: "1.234") == nil && Money(major: "") == nil)
    }

    @Test func picturesAreSVGDrawnFromTheProductsColours() throws {
        let product = try #require(catalogue.products.first)
        let large = ProductArtwork.svg(product, index: 1, large: true)
        let shapes = Set(["Bags", "Scarves", "Belts", "Sunglasses", "Shoes"].map { ProductArtwork.accessory($0, main: "#000000", accent: "#FFFFFF") })
        #expect(shapes.count == 5, "each accessory has its own outline")
        #expect(large.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"600\""))
        #expect(large.contains(product.colours[0].hex))
        let hostile = Product(code: "X", departmentID: "beauty", brand: "A&B <i>", name: "\"Q\"", macroCategory: "Beauty", microCategory: "Lipstick",
                              fullPrice: Money(minorUnits: 100), sizes: [], colours: [], images: [], added: Date())
        let svg = ProductArtwork.svg(hostile, index: 1, large: true)
        #expect(svg.contains("A&amp;B &lt;i&gt;") && !svg.contains("<i>"))
    }
}
