import Foundation
import ListorHTTPClient
import ListorKit
import ListorTestSupport
import ListorWeb
import Stella
import StellaSQL
import Synchronization
import Testing

/// `POST /stella/api/orders` over loopback: an order in one request, 201, or 409 naming what is
/// short, or 400 naming each bad field; nothing taken unless the whole order is.
@Suite struct OrderAPITests {
    func withAPI(store: (any StellaStore)?, allowance: OrderAllowance? = nil,
                 _ body: @escaping @Sendable (@escaping @Sendable (String) async throws -> (Int, JSONValue)) async throws -> Void) async throws {
        let router = try await buildRouter(configuration: WebConfiguration(), modules: [bundledStellaModule(store: store, allowance: allowance)])
        try await withLoopbackServer(router) { base in
            try await withLiveHTTPTransport { transport in
                try await body { json in
                    let url = base.appendingPathComponent("stella/api/orders")
                    let response = try await transport.send(HTTPRequestMessage(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: Data(json.utf8)),
                                                            HTTPLimits())
                    return (response.status, try JSONParser.parse(response.body))
                }
            }
        }
    }

    /// Orders are paid on delivery and need no account: one shopper may not reserve the whole
    /// stock. Past the hour's items, per address and per email address, an order is refused
    /// whole with 429 and when to try again; an order the stock refused counts nothing.
    @Test func oneShopperCannotReserveTheWholeStock() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        try await store.save([StellaStoreTests.shirt])
        let clock = Mutex(Date(timeIntervalSince1970: 1_796_000_000))
        try await withAPI(store: store, allowance: OrderAllowance(itemsPerHour: 5, now: { clock.withLock { $0 } })) { post in
            func order(_ quantity: Int, _ email: String = "ann@example.org", sku: String = "LS-S") async throws -> (Int, JSONValue) {
                try await post(#"{"items": [{"sku": "\#(sku)", "quantity": \#(quantity)}], "name": "Ann", "email": "\#(email)", "address": "1 High St"}"#)
            }
            #expect(try await order(3).0 == 201)
            _ = try await store.place(OrderRequest(items: [OrderRequest.Item(sku: "LS-M", quantity: 3)], name: "B", email: "b@example.org", address: "x"), at: Date())
            #expect(try await order(1, sku: "LS-M").0 == 409, "sold out: refused by the store")
            let (status, refusal) = try await order(3)
            #expect(status == 429)
            #expect(refusal["error"] == .string("this email address has ordered 3 items in the last hour, and a shopper may order 5 an hour; nothing was ordered. Try again in 60 minutes"))
            #expect(try await order(3, "ben@example.org").1["error"]?.stringValue?.hasPrefix("this address has ordered 3 items") == true,
                    "another email from the same address")
            #expect(try await order(2).0 == 201, "what the stock refused was not counted")
            clock.withLock { $0 += 3600 }
            #expect(try await order(3).0 == 201, "an hour later")
        }
        #expect(try await store.products()[0].variants.map(\.stock) == [2, 0])
    }

    @Test func anOrderIsPlacedInOneRequestOrRefusedWithItsReasons() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLStellaStore(path: directory.path("stella.sqlite"))
        try await store.save([StellaStoreTests.shirt])
        try await withAPI(store: store) { post in
            let (status, order) = try await post(#"{"items": [{"sku": "LS-M", "quantity": 2}], "name": "Ann Lee", "email": "ann@example.org", "address": "1 High Street, Bath"}"#)
            #expect(status == 201)
            #expect(order["number"] == .string("S-000001") && order["payment"] == .string("on delivery"))
            #expect(order["total"] == .members([("amount", .number(9980)), ("currency", .string("EUR"))]))

            let (shortStatus, short) = try await post(#"{"items": [{"sku": "LS-S", "quantity": 1}, {"sku": "LS-M", "quantity": 2}, {"sku": "NOPE"}], "name": "Ben", "email": "ben@example.org", "address": "2 Low Road"}"#)
            #expect(shortStatus == 409)
            #expect(short["error"] == .string("not enough stock: LS-M: 2 wanted, 1 left; NOPE: no such variant"))
            #expect(short["short"] == .array([.members([("sku", .string("LS-M")), ("wanted", .number(2)), ("left", .number(1))]),
                                              .members([("sku", .string("NOPE")), ("wanted", .number(1)), ("left", .null)])]))

            let (badStatus, bad) = try await post(#"{"items": [{"sku": "LS-S", "quantity": 0}], "name": " ", "email": "ann@", "address": ""}"#)
            #expect(badStatus == 400)
            #expect(bad["fields"] == .members([("name", .string("is required")), ("email", .string(#""ann@" is not an email address (name@example.org)"#)),
                                               ("address", .string("is required: where the order goes")), ("items[0].quantity", .string("0 is outside 1 to 99"))]))
            // Stored text follows one rule: nothing hidden that would forge a line in the owner's
            // terminal or reorder what they read; an address keeps its lines; the mailer's rule
            // for email addresses is the door's.
            let (hiddenStatus, hidden) = try await post(#"""
                {"items": [{"sku": "LS-S"}], "name": "Ann\r\nS-000999  FORGED", "email": "a@b.c>", "address": "1 High St\u0000Bath \u202Eevil"}
                """#)
            #expect(hiddenStatus == 400)
            #expect(hidden["fields"] == .members([("name", .string("contains U+000D CARRIAGE RETURN, a control character")),
                                                  ("email", .string(#""a@b.c>" is not an email address (name@example.org)"#)),
                                                  ("address", .string("contains U+0000 NULL, a control character"))]), "\(hidden)")
            let (nullStatus, null) = try await post(#"{"items": [{"sku": "LS-S", "quantity": null}], "name": "A", "email": "a@example.org", "address": "x"}"#)
            #expect(nullStatus == 400 && null["error"]?.stringValue?.contains("quantity: is null: give a whole number from 1 to 99, or leave it out for 1") == true,
                    "\(null)")
            let (unknownStatus, unknown) = try await post(#"{"items": [], "name": "A", "email": "a@example.org", "address": "x", "coupon": "FREE"}"#)
            #expect(unknownStatus == 400 && unknown["error"]?.stringValue?.contains(#""coupon" is not a member of an order"#) == true, "\(unknown)")
        }
        #expect(try await store.products()[0].variants.map(\.stock) == [10, 1], "only the first order took stock")
    }

    @Test func aServerWithoutAStoreTakesNoOrders() async throws {
        try await withAPI(store: nil) { post in
            let (status, answer) = try await post(#"{"items": [{"sku": "A"}], "name": "A", "email": "a@example.org", "address": "x"}"#)
            #expect(status == 503 && answer["error"] == .string("this server takes no orders"))
        }
    }
}
