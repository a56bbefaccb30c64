import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ListorKit
import ListorTestSupport
import ListorWeb
import Stella
import StellaSQL
import Testing

/// The bag and checkout over HTTP: forms only from this site's pages, a bag cookie only as this
/// server signed it, and a variant that sold out while in the bag said so at the bag and at
/// checkout, with nothing ordered.
@Suite struct StellaBagTests {
    /// A store whose "wrap-dress" has 2 left in S.
    static let dress = Product(code: "wrap-dress", name: "Wrap Dress", brand: "Vela", type: "Ready-to-wear", tags: ["Dresses"],
                               options: [ProductOption(name: "Size", values: ["S", "M"])],
                               variants: [ProductVariant(sku: "WD-S", values: ["S"], price: Money(minorUnits: 8000), stock: 2),
                                          ProductVariant(sku: "WD-M", values: ["M"], price: Money(minorUnits: 8000), stock: 5)])

    /// A browser's cookies, kept across requests as a browser keeps them.
    final class Jar: @unchecked Sendable {
        var cookies: [String: String] = [:]

        var header: String { cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }

        func keep(_ response: TestResponse) {
            for field in response.headers[values: .setCookie] {
                guard let pair = field.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
                let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
                if value.isEmpty { cookies[name] = nil } else { cookies[name] = value }
            }
        }
    }

    func withShop(_ test: @escaping @Sendable (any TestClientProtocol, SQLStellaStore) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        try await store.save([Self.dress])
        let module = bundledStellaModule(catalogue: StoreCatalogue(store: store, maximumAge: .zero).client, store: store)
        try await Application(router: try await buildRouter(configuration: WebConfiguration(), modules: [module])).test(.router) { client in
            try await test(client, store)
            withExtendedLifetime(directory) {}
        }
    }

    func form(_ fields: [(String, String)]) -> ByteBuffer {
        ByteBuffer(string: fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&"))
    }

    @Test func aVariantSoldOutWhileInTheBagIsSaidSoAndNothingIsOrdered() async throws {
        try await withShop { client, store in
            let jar = Jar()
            func get(_ uri: String) async throws -> TestResponse {
                let response = try await client.execute(uri: uri, method: .get, headers: [.cookie: jar.header])
                jar.keep(response)
                return response
            }
            func post(_ uri: String, _ fields: [(String, String)]) async throws -> TestResponse {
                let response = try await client.execute(uri: uri, method: .post, headers: [.cookie: jar.header, .contentType: "application/x-www-form-urlencoded"],
                                                        body: form(fields))
                jar.keep(response)
                return response
            }
            let page = String(buffer: try await get("/stella/products/wrap-dress").body)
            let csrf = try #require(page.firstMatch(of: /name="csrf" value="([0-9a-f.]+)"/).map { String($0.1) })
            // Without the page's token, nothing goes in the bag.
            let forged = try await client.execute(uri: "/stella/bag", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                                  body: form([("code", "wrap-dress"), ("option1", "S"), ("quantity", "1")]))
            #expect(forged.status == .forbidden)
            for quantity in ["two", "+2", " 2"] {
                let words = try await post("/stella/bag", [("csrf", csrf), ("code", "wrap-dress"), ("option1", "S"), ("quantity", quantity)])
                #expect(words.status == .conflict && String(buffer: words.body).contains("is not a whole number from 1 to 99"), "\(quantity)")
            }
            let added = try await post("/stella/bag", [("csrf", csrf), ("code", "wrap-dress"), ("option1", "S"), ("quantity", "2")])
            #expect(added.status == .seeOther && added.headers[.location] == "/stella/bag?added=WD-S")
            #expect(String(buffer: try await get("/stella/bag").body).contains(#"<span class="bag-count" id="bag-count">2</span>"#))

            // A cookie the server did not sign is an empty bag.
            let signed = try #require(jar.cookies["listor_bag"])
            let tampered = try await client.execute(uri: "/stella/bag", method: .get,
                                                    headers: [.cookie: "listor_bag=" + signed.replacingOccurrences(of: "*2", with: "*9")])
            #expect(String(buffer: tampered.body).contains(#"id="empty-bag""#))

            // Another shopper buys one of the two: the bag says so, and checkout orders nothing.
            _ = try await store.place(OrderRequest(items: [OrderRequest.Item(sku: "WD-S", quantity: 1)], name: "B", email: "b@example.org", address: "x"), at: Date())
            let bag = String(buffer: try await get("/stella/bag").body)
            #expect(bag.contains("Only 1 left: lower the quantity to check out") && bag.contains(#"id="checkout-blocked""#))
            let refused = try await post("/stella/checkout", [("csrf", csrf), ("name", "Ann Lee"), ("email", "ann@example.org"), ("address", "1 High St")])
            #expect(refused.status == .conflict)
            #expect(String(buffer: refused.body).contains("Only 1 of Wrap Dress — S is left. Nothing was ordered; change your bag and try again."))
            #expect(String(buffer: refused.body).contains(#"value="Ann Lee""#), "what was typed is kept")
            #expect(try await store.orders(limit: 10, offset: 0).count == 1)

            // Lowered to what is left, it is ordered, and the order page is at its key.
            #expect(try await post("/stella/bag/change", [("csrf", csrf), ("sku", "WD-S"), ("quantity", "1")]).status == .seeOther)
            let placed = try await post("/stella/checkout", [("csrf", csrf), ("name", "Ann Lee"), ("email", "ann@example.org"), ("address", "1 High St")])
            let location = try #require(placed.headers[.location])
            #expect(location.contains(/^\/stella\/orders\/[0-9a-f]{32}\?placed=1$/))
            let opened = try await get(location)
            #expect(opened.headers[.cacheControl] == "no-store", "the key is the order's secret: no cache keeps its page")
            let order = String(buffer: opened.body)
            #expect(order.contains("1 × Wrap Dress — S") && order.contains(#"<span class="bag-count" id="bag-count">0</span>"#))
            #expect(try await store.products()[0].variants.map(\.stock) == [0, 5])
            #expect(try await get("/stella/orders/" + String(repeating: "0", count: 32)).status == .notFound)
            // Once the store sends it, or cancels it, the shopper's page and the API say so.
            #expect(!order.contains(#"id="order-state""#))
            #expect(!order.lowercased().contains("confirmation"), "no mail is sent, so none is promised")
            let number = try #require(try await store.orders(limit: 1, offset: 0).first?.number)
            _ = try await store.fulfil(number: number, tracking: "DHL 123", by: "the owner", at: Date())
            #expect(String(buffer: try await get(location).body).contains(#"<p class="notice" role="status" id="order-state">Sent: DHL 123</p>"#))
            let key = String(location.dropFirst("/stella/orders/".count).prefix(32))
            let json = try JSONParser.parse(Array(buffer: try await get("/stella/api/orders/\(key)").body))
            #expect(json["state"] == .string("fulfilled") && json["tracking"] == .string("DHL 123"))
        }
    }

    /// A department's page is kept as rendered while the catalogue's version holds, and made
    /// again once an order (here, another node's) changed the stock it shows.
    @Test func aKeptDepartmentPageFollowsTheStock() async throws {
        try await withShop { client, store in
            func department() async throws -> String {
                String(buffer: try await client.execute(uri: "/stella/ready-to-wear", method: .get).body)
            }
            for _ in 0..<3 { #expect(try await !department().contains("sold-out-label")) }
            _ = try await store.place(OrderRequest(items: [OrderRequest.Item(sku: "WD-S", quantity: 2), OrderRequest.Item(sku: "WD-M", quantity: 5)],
                                                   name: "B", email: "b@example.org", address: "x"), at: Date())
            #expect(try await department().contains(#"<span class="sold-out-label">Sold out</span>"#))
        }
    }
}
