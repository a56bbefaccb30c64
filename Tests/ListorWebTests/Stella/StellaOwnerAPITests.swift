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

/// The store's back office over its API: closed without an admin token, and with one, open only
/// to it; the owner lists orders with where they go, fulfils and cancels them by key, and sets stock.
@Suite struct StellaOwnerAPITests {
    static let token = "owner-token-0123456789"

    func withStore(adminToken: String?, _ body: @escaping @Sendable (any TestClientProtocol, SQLStellaStore) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        try await store.save([Product(code: "linen-shirt", name: "Linen shirt", options: [ProductOption(name: "Size", values: ["S", "M"])],
                                      variants: [ProductVariant(sku: "LS-S", values: ["S"], price: Money(minorUnits: 4990), stock: 10),
                                                 ProductVariant(sku: "LS-M", values: ["M"], price: Money(minorUnits: 4990), stock: 3)])])
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule(store: store, owner: store, adminToken: adminToken)])
        try await Application(router: router).test(.router) { client in try await body(client, store) }
        withExtendedLifetime(directory) {}
    }

    func items(_ json: JSONValue) -> [JSONValue] {
        if case .array(let items) = json { return items }
        return []
    }

    func call(_ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, token: String? = Self.token, json: String? = nil) async throws -> (HTTPResponse.Status, JSONValue) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
        return (response.status, try JSONParser.parse(Array(buffer: response.body)))
    }

    @Test func withoutATokenTheBackOfficeIsClosed() async throws {
        try await withStore(adminToken: nil) { client, _ in
            let (status, answer) = try await call(client, .get, "/stella/api/orders")
            #expect(status == .forbidden && answer["error"]?.stringValue?.contains("--stella-admin-token") == true)
        }
    }

    @Test func theOwnerSeesOrdersFulfilsCancelsAndSetsStock() async throws {
        try await withStore(adminToken: Self.token) { client, store in
            let first = try await store.place(OrderRequest(items: [OrderRequest.Item(sku: "LS-S", quantity: 2)], name: "Ann Lee", email: "ann@example.org",
                                                           address: "1 High St"), at: Date())
            let second = try await store.place(OrderRequest(items: [OrderRequest.Item(sku: "LS-M", quantity: 1)], name: "Bo Ek", email: "bo@example.org",
                                                            address: "2 Low Rd"), at: Date())
            #expect(try await call(client, .get, "/stella/api/orders", token: nil).0 == .unauthorized)
            #expect(try await call(client, .get, "/stella/api/orders", token: "wrong-token-0123456789").0 == .unauthorized)
            let (status, list) = try await call(client, .get, "/stella/api/orders?state=open")
            #expect(status == .ok && items(list).map { $0["number"] } == [.string(second.number), .string(first.number)])
            #expect(items(list).last?["address"] == .string("1 High St") && items(list).last?["email"] == .string("ann@example.org"))
            #expect(try await call(client, .get, "/stella/api/orders?state=lost").0 == .badRequest)

            let (sent, fulfilled) = try await call(client, .post, "/stella/api/orders/\(second.key)/fulfil", json: #"{"tracking": "DHL 123"}"#)
            #expect(sent == .ok && fulfilled["state"] == .string("fulfilled") && fulfilled["tracking"] == .string("DHL 123"))
            #expect(try await call(client, .post, "/stella/api/orders/\(second.key)/fulfil").0 == .conflict)
            let (cancelledStatus, cancelled) = try await call(client, .post, "/stella/api/orders/\(first.key)/cancel")
            #expect(cancelledStatus == .ok && cancelled["state"] == .string("cancelled"))
            let (again, refusal) = try await call(client, .post, "/stella/api/orders/\(first.key)/cancel")
            #expect(again == .conflict && refusal["error"] == .string("order \(first.number) is cancelled already; nothing was changed"))
            #expect(try await call(client, .post, "/stella/api/orders/\(String(repeating: "0", count: 32))/cancel").0 == .notFound)

            let (set, adjustment) = try await call(client, .post, "/stella/api/stock", json: #"{"sku": "LS-M", "stock": 7}"#)
            #expect(set == .ok && adjustment["before"] == .number(2) && adjustment["after"] == .number(7))
            #expect(try await call(client, .post, "/stella/api/stock", json: #"{"sku": "NOPE", "stock": 1}"#).0 == .notFound)
            #expect(try await call(client, .post, "/stella/api/stock", json: #"{"sku": "LS-M", "count": 1}"#).0 == .badRequest)
            let (_, stock) = try await call(client, .get, "/stella/api/stock")
            #expect(items(stock).map { [$0["sku"], $0["stock"]] } == [[.string("LS-S"), .number(10)], [.string("LS-M"), .number(7)]])
        }
    }
}
