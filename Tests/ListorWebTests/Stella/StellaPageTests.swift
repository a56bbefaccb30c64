import Foundation
import Hummingbird
import HummingbirdTesting
import ListorTestSupport
import ListorWeb
import Stella
import Testing

@Suite struct StellaPageTests {
    func withPages(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await Application(router: try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule()])).test(.router, test)
    }

    /// A product whose colours each have their own picture.
    static let shirt = Product(code: "sea-shirt", name: "Sea shirt", type: "Shirts", options: [ProductOption(name: "Colour", values: ["White", "Blue"])],
                               variants: [ProductVariant(sku: "SS-W", values: ["White"], price: Money(minorUnits: 5000), stock: 3, picture: "https://cdn.example.org/white.jpg"),
                                          ProductVariant(sku: "SS-B", values: ["Blue"], price: Money(minorUnits: 5000), stock: 3, picture: "https://cdn.example.org/blue.jpg")],
                               pictures: [ProductPicture(source: "https://cdn.example.org/white.jpg", position: 1, alt: "White"),
                                          ProductPicture(source: "https://cdn.example.org/blue.jpg", position: 2, alt: "Blue")])

    /// Without scripts, "Show this choice" shows the chosen variant's own picture first; the
    /// script is given each variant's picture to turn the gallery to it.
    @Test func theChosenVariantsPictureComesFirst() async throws {
        let module = bundledStellaModule(catalogue: .bundled(Catalogue(products: [Self.shirt])))
        try await Application(router: try await buildRouter(configuration: WebConfiguration(), modules: [module])).test(.router) { client in
            let first = try await client.execute(uri: "/stella/products/sea-shirt", method: .get)
            let page = String(buffer: first.body)
            #expect(page.contains(#"&quot;picture&quot;:&quot;/stella/images/sea-shirt/2&quot;"#), "the script knows Blue's picture")
            let firstPicture = /<li id="picture-1"><img class="product-image" src="([^"]+)"/
            #expect(page.firstMatch(of: firstPicture)?.1 == "/stella/images/sea-shirt/1")
            let token = String(try #require(first.headers[.setCookie]?.split(separator: ";").first?.split(separator: "=").last))
            let shown = try await client.execute(uri: "/stella/products/sea-shirt/choice", method: .post,
                                                 headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(token)"],
                                                 body: ByteBuffer(string: "csrf=\(token)&code=sea-shirt&option1=Blue&quantity=1"))
            #expect(shown.status == .seeOther && shown.headers[.location] == "/stella/products/sea-shirt?option1=Blue")
            let blue = String(buffer: try await client.execute(uri: "/stella/products/sea-shirt?option1=Blue", method: .get).body)
            #expect(blue.firstMatch(of: firstPicture)?.1 == "/stella/images/sea-shirt/2")
            #expect(try await client.execute(uri: "/stella/products/sea-shirt/choice", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                             body: ByteBuffer(string: "option1=Blue")).status == .forbidden, "a form from elsewhere")
        }
    }

    @Test func departmentsThenAGridWhoseLinksKeepTheQuery() async throws {
        try await withPages { client in
            let departments = String(buffer: try await client.execute(uri: "/stella", method: .get).body)
            #expect(departments.matches(of: /<li><a href="\/stella\/[a-z-]+">/).count == 4)
            let query = CatalogueQuery(page: 2, sort: .priceAscending, size: "M")
            let expected = try Catalogue.bundled.page(department: "ready-to-wear", query)
            let grid = String(buffer: try await client.execute(uri: "/stella/ready-to-wear?sort=price-asc&size=M&page=2", method: .get).body)
            #expect(grid.contains(#"<p class="summary" id="summary" role="status">25–48 of \#(expected.total) products</p>"#))
            #expect(grid.matches(of: /<li class="product-card/).count == expected.products.count)
            #expect(grid.contains(#"href="/stella/products/\#(expected.products[0].code)""#))
            #expect(grid.contains(#"<a href="/stella/ready-to-wear?sort=price-asc&amp;size=M" rel="prev" id="previous-page">"#))
            let sizes = try Catalogue.bundled.page(department: "ready-to-wear", CatalogueQuery(sort: .priceAscending, size: "M")).facets.sizes
            #expect(grid.contains(#"<option value="M" selected>M (\#(sizes.first { $0.value == "M" }!.count))</option>"#), "each size with its count")
        }
    }

    /// Vendor and availability filter beside size and colour, each value with the products it
    /// would show under the other filters; a vendor the department never has is named.
    @Test func vendorAndAvailabilityFilterWithCountsThatFollowTheOthers() async throws {
        try await withPages { client in
            let query = CatalogueQuery(size: "M", vendor: "fiore", availability: .inStock)
            let expected = try Catalogue.bundled.page(department: "ready-to-wear", query)
            let html = String(buffer: try await client.execute(uri: "/stella/ready-to-wear?size=M&vendor=fiore&availability=in-stock", method: .get).body)
            #expect(html.contains("of \(expected.total) products</p>") || html.contains(">\(expected.total) product"))
            let fiore = try #require(expected.facets.vendors.first { $0.value == "Fiore" })
            #expect(html.contains(#"<option value="Fiore" selected>Fiore (\#(fiore.count))</option>"#))
            let inStock = try #require(expected.facets.availability.first)
            #expect(html.contains(#"<option value="in-stock" selected>In stock (\#(inStock.count))</option>"#))
            let unknown = String(buffer: try await client.execute(uri: "/stella/ready-to-wear?vendor=Nobody", method: .get).body)
            #expect(unknown.contains("&quot;Nobody&quot; is not a vendor of Ready-to-wear; its vendors are "))
        }
    }

    @Test func aBadPriceIsExplainedBesideItsFieldAndTheOtherFiltersApply() async throws {
        try await withPages { client in
            let response = try await client.execute(uri: "/stella/beauty?max_price=cheap&colour=Red", method: .get)
            #expect(response.status == .ok)
            let html = String(buffer: response.body)
            #expect(html.contains(#"<p class="field-error" id="max_price-error">&quot;cheap&quot; is not a price; write it like 50 or 49.90</p>"#))
            let expected = try Catalogue.bundled.page(department: "beauty", CatalogueQuery(colour: "Red"))
            #expect(expected.total > 0)
            #expect(html.contains("of \(expected.total) products</p>"))
        }
    }

    /// Values with no field of their own (sort, per_page) are named in the message, and the
    /// pagination links drop what was refused.
    @Test func refusedValuesWithoutAFieldAreNamedAndLeftOutOfTheLinks() async throws {
        try await withPages { client in
            let html = String(buffer: try await client.execute(uri: "/stella/ready-to-wear?sort=cheapest&per_page=9999&size=M", method: .get).body)
            #expect(html.contains("<li>sort: &quot;cheapest&quot; is not one of"))
            #expect(html.contains("<li>per_page: &quot;9999&quot; is not a whole number from 1 to"))
            #expect(!html.contains("see the fields marked below"))
            let next = try #require(html.firstMatch(of: /id="next-page"|href="([^"]*)" rel="next"/).map { String($0.output.1 ?? "") })
            #expect(next.contains("size=M"))
            #expect(!next.contains("sort=") && !next.contains("per_page="))
        }
    }

    /// A page past the last shows the last, as the transistor and library lists do; a size the
    /// department never has is named with those it has, not answered with "No products".
    @Test func pastTheLastPageAndAnUnknownSizeAreAnsweredAsEveryListDoes() async throws {
        try await withPages { client in
            let beyond = String(buffer: try await client.execute(uri: "/stella/ready-to-wear?page=99", method: .get).body)
            #expect(beyond.contains("Page 5 of 5"))
            #expect(beyond.contains("97–100 of 100 products"))
            let xxl = String(buffer: try await client.execute(uri: "/stella/ready-to-wear?size=XXL", method: .get).body)
            #expect(xxl.contains("size: &quot;XXL&quot; is not a size of Ready-to-wear; its sizes are "))
            #expect(xxl.contains("1–24 of 100 products"), "shown without the size it cannot answer")
            let api = try await client.execute(uri: "/stella/api/departments/ready-to-wear/products?size=XXL", method: .get)
            #expect(api.status == .badRequest)
            #expect(String(buffer: api.body).contains("is not a size of Ready-to-wear"))
        }
    }

    @Test func theDetailShowsSalePriceEveryPictureTheChoiceAndSoldOut() async throws {
        let onSale = Catalogue.bundled.products.filter { $0.discountPercent != nil && !$0.isSoldOut && !$0.hasPriceRange }
        let gone = Catalogue.bundled.products.filter(\.isSoldOut)
        let sale = try #require(onSale.first)
        let soldOut = try #require(gone.first)
        try await withPages { client in
            let html = String(buffer: try await client.execute(uri: "/stella/products/\(sale.code)", method: .get).body)
            #expect(html.contains("<s>\(sale.fullPrice.formatted)</s> <strong>\(sale.price.formatted)</strong> <span class=\"discount\">\(sale.discountPercent ?? 0)% off</span>"))
            for index in 1...3 { #expect(html.contains(#"<img class="product-image" src="/stella/images/\#(sale.code)/\#(index)""#), "picture \(index)") }
            #expect(html.matches(of: /<fieldset class="option-group"/).count == sale.options.count)
            #expect(html.matches(of: /<input type="radio" name="option/).count == sale.options.map(\.values.count).reduce(0, +))
            #expect(html.matches(of: /<rect width="16" height="16" rx="8" fill="#[0-9A-F]{6}"\/>/).count == sale.values(of: .colour).count)
            let soldOutPage = String(buffer: try await client.execute(uri: "/stella/products/\(soldOut.code)", method: .get).body)
            #expect(soldOutPage.contains(#"id="availability" role="status" aria-live="polite">Sold out in every "#))
            #expect(soldOutPage.contains(#"<button type="submit" id="add-button" disabled>"#))
            #expect(try await client.execute(uri: "/stella/products/NOPE", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/stella/shoes", method: .get).status == .notFound)
        }
    }
}
