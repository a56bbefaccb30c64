import Foundation
import ListorKit
import Stella
import Testing

/// The catalogue API's JSON, read back through `JSONFields` as every API shape is.
@Suite struct StellaJSONTests {
    let page = try! Catalogue.bundled.page(department: "beauty", CatalogueQuery(perPage: 3, sort: .priceDescending))

    @Test func aPageReadsBackExactlyWithItsFacets() throws {
        let decoded = try StellaJSON.page(try JSONParser.parse(Array(StellaJSON.value(page).serialized(pretty: false).utf8)))
        #expect(decoded == page)
        #expect(!decoded.facets.colours.isEmpty && decoded.problems.isEmpty)
    }

    @Test func aBadProductIsReportedByIndexCodeAndFieldAndTheOthersAreKept() throws {
        // Given a page whose second product has lost its name and whose third has a price in euros, not cents
        guard case .object(var json) = StellaJSON.value(page), case .array(var products)? = json["products"],
              case .object(var second) = products[1], case .object(var third) = products[2] else { Issue.record("not a page"); return }
        second.members.removeAll { $0.key == "name" }
        guard case .array(var variants)? = third["variants"], case .object(var variant) = variants[0] else { Issue.record("no variants"); return }
        variant.members = variant.members.map { $0.key == "price" ? .init(key: "price", value: .members([("amount", .number(12.5)), ("currency", .string("EUR"))])) : $0 }
        variants[0] = .object(variant)
        third.members = third.members.map { $0.key == "variants" ? .init(key: "variants", value: .array(variants)) : $0 }
        products[1] = .object(second)
        products[2] = .object(third)
        json.members = json.members.map { $0.key == "products" ? .init(key: "products", value: .array(products)) : $0 }
        // When it is read
        let decoded = try StellaJSON.page(.object(json))
        // Then the first is kept and each bad one is a problem that says where
        #expect(decoded.products == [page.products[0]])
        #expect(decoded.problems.map(\.description) == [
            "item 1 (\(page.products[1].code)): name: missing",
            "item 2 (\(page.products[2].code)): variants[0].price.amount: expected a whole number that fits Int, found the number 12.5",
        ])
        #expect(decoded.total == page.total)
    }

    @Test func aPageWithoutItsCountsIsAnError() {
        #expect(throws: DecodingError.self) { try StellaJSON.page(.members([("products", .array([]))])) }
    }
}
