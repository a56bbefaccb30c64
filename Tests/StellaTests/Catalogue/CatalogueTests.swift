import Foundation
import ListorKit
import Testing
@testable import Stella

@Suite struct CatalogueTests {
    let catalogue = Catalogue.bundled

    @Test func theBundledCatalogueFillsEveryDepartmentTheSameEveryTime() {
        #expect(catalogue.products.count == 300)
        #expect(CatalogueGenerator.products() == catalogue.products)
        #expect(catalogue.departments.map(\.id) == ["ready-to-wear", "accessories", "beauty", "lingerie"])
        #expect(Set(catalogue.products.map(\.code)).count == 300, "codes are unique")
        let skus = catalogue.products.flatMap(\.variants).map(\.sku)
        #expect(Set(skus).count == skus.count, "SKUs are unique in the store")
        let onSale = catalogue.products.filter { $0.discountPercent != nil }.count
        let soldOut = catalogue.products.filter(\.isSoldOut).count
        #expect(onSale > 0 && soldOut > 0)
        #expect(catalogue.products.allSatisfy { product in
            product.pictures.count == 3 && !product.values(of: .colour).isEmpty && product.price.minorUnits % 100 == 0
                && product.variants.count == product.options.map(\.values.count).reduce(1, *)
        })
        let partly = catalogue.products.filter { product in !product.isSoldOut && product.variants.contains { $0.stock == 0 } }
        #expect(!partly.isEmpty, "some products have some variants sold out")
    }

    @Test func pagesSortAndFilterByVariantsInStock() throws {
        let all = try catalogue.page(department: "ready-to-wear", CatalogueQuery(perPage: 100))
        #expect(all.total == 100 && all.products.count == 100)
        let second = try catalogue.page(department: "ready-to-wear", CatalogueQuery(page: 2, perPage: 24))
        #expect(second.products == Array(all.products[24..<48]))
        #expect(second.pageCount == 5)
        let beyond = try catalogue.page(department: "ready-to-wear", CatalogueQuery(page: 9, perPage: 24))
        #expect(beyond.page == 5 && beyond.products == Array(all.products[96...]), "past the last page, the last, as every list does")
        #expect(second.summary == "25–48 of 100 products")

        let cheap = try catalogue.page(department: "accessories", CatalogueQuery(perPage: 100, sort: .priceAscending))
        #expect(cheap.products.map(\.price) == cheap.products.map(\.price).sorted())
        let newest = try catalogue.page(department: "accessories", CatalogueQuery(perPage: 100, sort: .newest))
        #expect(newest.products == cheap.products.sorted { catalogue.products.firstIndex(of: $0)! > catalogue.products.firstIndex(of: $1)! })

        let filtered = try catalogue.page(department: "ready-to-wear", CatalogueQuery(perPage: 100, size: "m", colour: "navy",
                                                                                   minPrice: Money(minorUnits: 20_000), maxPrice: Money(minorUnits: 90_000)))
        #expect(!filtered.products.isEmpty)
        #expect(filtered.products.allSatisfy { product in
            product.variants.contains { $0.values == ["M", "Navy"] && $0.stock > 0 } && (20_000...90_000).contains(product.price.minorUnits)
        }, "size and colour together ask for that variant in stock")
        #expect(throws: CatalogueError.unknownDepartment("shoes", known: ["ready-to-wear", "accessories", "beauty", "lingerie"])) {
            try catalogue.page(department: "shoes", CatalogueQuery())
        }
    }

    /// The check: on random filters, each size's and colour's count is the number of
    /// products a brute-force pass finds in it under the other filters.
    @Test func facetCountsEqualABruteForceCountOnRandomFilters() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<200 {
            let department = random.chance(20) ? nil : random.pick(catalogue.departments).id
            let scope = catalogue.products.filter { department == nil || $0.department.id == department }
            var query = CatalogueQuery(perPage: 5)
            if random.chance(50) { query.size = random.pick(scope.flatMap { $0.values(of: .size) } + ["M"]) }
            if random.chance(50) { query.colour = random.pick(scope.flatMap { $0.values(of: .colour) }) }
            if random.chance(40) { query.minPrice = Money(minorUnits: random.int(0...500) * 100) }
            if random.chance(40) { query.maxPrice = Money(minorUnits: random.int(200...1300) * 100) }
            if random.chance(20) { query.text = random.pick(["silk", "dress", "Vela", "wool coat", "st1000"]) }
            if random.chance(30) { query.vendor = random.pick(scope.map(\.brand)).uppercased() }
            if random.chance(30) { query.availability = random.pick(CatalogueQuery.Availability.allCases) }
            let page = try catalogue.page(department: department, query)

            func matches(_ product: Product, size: String?, colour: String?, vendor: String?? = .none, availability: CatalogueQuery.Availability?? = .none) -> Bool {
                if let vendor = vendor ?? query.vendor, product.brand.lowercased() != vendor.lowercased() { return false }
                if let availability = availability ?? query.availability, (availability == .soldOut) != !product.variants.contains(where: { $0.stock > 0 }) { return false }
                if let low = query.minPrice, product.price < low { return false }
                if let high = query.maxPrice, product.price > high { return false }
                if let text = query.text {
                    let haystack = ([product.name, product.brand, product.type, product.code] + product.tags + product.variants.map(\.sku)).joined(separator: " ").lowercased()
                    if !text.lowercased().split(separator: " ").allSatisfy({ haystack.contains($0) }) { return false }
                }
                // Without a size or colour, sold-out products are listed too (marked sold out).
                if size == nil && colour == nil { return true }
                return product.variants.contains { variant in
                    variant.stock > 0
                        && zip(product.options, variant.values).allSatisfy { option, value in
                            switch option.kind {
                            case .size: size == nil || value.lowercased() == size!.lowercased()
                            case .colour: colour == nil || value.lowercased() == colour!.lowercased()
                            case nil: true
                            }
                        }
                        && (size == nil || product.optionIndex(.size) != nil) && (colour == nil || product.optionIndex(.colour) != nil)
                }
            }
            #expect(page.total == scope.count { matches($0, size: query.size, colour: query.colour) }, "\(query)")
            for facet in page.facets.sizes {
                #expect(facet.count == scope.count { matches($0, size: facet.value, colour: query.colour) }, "size \(facet.value) under \(query)")
            }
            for facet in page.facets.colours {
                #expect(facet.count == scope.count { matches($0, size: query.size, colour: facet.value) }, "colour \(facet.value) under \(query)")
            }
            // Every vendor of the products searched and priced, those the other filters leave none of with 0.
            let searched = scope.filter { matches($0, size: nil, colour: nil, vendor: .some(nil), availability: .some(nil)) }
            #expect(Set(page.facets.vendors.map { $0.value.lowercased() }) == Set(searched.map { $0.brand.lowercased() }))
            for facet in page.facets.vendors {
                #expect(facet.count == scope.count { matches($0, size: query.size, colour: query.colour, vendor: .some(facet.value)) }, "vendor \(facet.value) under \(query)")
            }
            #expect(page.facets.availability.map(\.value) == ["in-stock", "sold-out"])
            for facet in page.facets.availability {
                let kind = try #require(CatalogueQuery.Availability(rawValue: facet.value))
                #expect(facet.count == scope.count { matches($0, size: query.size, colour: query.colour, availability: .some(kind)) }, "\(kind) under \(query)")
            }
        }
    }

    @Test func aSearchCoversTheWholeStore() throws {
        let found = try catalogue.page(department: nil, CatalogueQuery(perPage: 100, text: "silk"))
        #expect(found.total > 0)
        #expect(Set(found.products.map(\.department.id)).count > 1, "silk is in more than one department")
        #expect(found.products.allSatisfy { $0.name.lowercased().contains("silk") || $0.brand.lowercased().contains("silk") })
        let sku = try #require(catalogue.products.last?.variants.first?.sku)
        #expect(try catalogue.page(department: nil, CatalogueQuery(text: sku.lowercased())).products.map(\.code) == [catalogue.products.last!.code])
        #expect(try catalogue.page(department: nil, CatalogueQuery(text: "no such thing")).total == 0)
    }

    @Test func departmentsAreNamedByTheirTypeAndNeverTakeTheStoresAddresses() {
        #expect(Department(name: "Bags & Shoes").id == "bags-shoes")
        #expect(Department(name: "Été 2026").id == "ete-2026")
        #expect(Department(name: "Bag").id == "bag-department" && Department(name: "Search").id == "search-department")
        #expect(Department(name: "%%").id == "other")
        #expect(Product(code: "x", name: "X").department == Department(id: "other", name: "Other"))
    }

    @Test func badParametersAreNamedAndTheRestApply() {
        let values = ["page": "0", "per_page": "500", "sort": "cheapest", "min_price": "12,50", "max_price": "80.5", "size": " S ", "q": " silk "]
        let (query, errors) = CatalogueQuery.parse { values[$0] }
        #expect(errors.map(\.field) == ["page", "per_page", "sort", "min_price"])
        #expect(errors.first?.message == "\"0\" is not a whole number from 1 to 100000")
        #expect(query.maxPrice == Money(minorUnits: 8050))
        #expect(query.size == "S" && query.text == "silk")
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

    @Test func eachKindIsDrawnAsItselfInItsColours() throws {
        let categories = Set(catalogue.products.map(\.category))
        #expect(categories.count == 20)
        let outlines = Set(categories.map { ProductArtwork.outline($0, main: "#000000", accent: "#FFFFFF") })
        #expect(outlines.count == categories.count, "no two kinds share a drawing")
        let product = try #require(catalogue.products.first { $0.values(of: .colour).count > 1 })
        let front = ProductArtwork.svg(product, index: 1), back = ProductArtwork.svg(product, index: 2), detail = ProductArtwork.svg(product, index: 3)
        #expect(Set([front, back, detail]).count == 3, "three different pictures")
        #expect(front.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"480\" height=\"600\""))
        #expect(front.contains(ColourNames.hex(product.values(of: .colour)[0])!) && back.contains(ColourNames.hex(product.values(of: .colour)[1])!))
        let hostile = Product(code: "x", name: "\"Q\"", brand: "A&B <i>", type: "Beauty", tags: ["Lipstick"])
        let svg = ProductArtwork.svg(hostile, index: 1)
        #expect(svg.contains("A&amp;B &lt;i&gt;") && !svg.contains("<i>"))
    }
}
