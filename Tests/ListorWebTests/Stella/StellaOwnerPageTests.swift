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

/// The back office's pages: closed without a token, behind the owner's sign-in with one, every
/// form with the CSRF token; a stocktake from an inventory CSV sets every count or none.
@Suite struct StellaOwnerPageTests {
    static let token = "owner-token-0123456789"

    /// The API tests' store of one shirt, behind the pages.
    func withPages(adminToken: String?, _ body: @escaping @Sendable (any TestClientProtocol, SQLStellaStore) async throws -> Void) async throws {
        try await StellaOwnerAPITests().withStore(adminToken: adminToken, body)
    }

    /// The cookies of a signed-in owner: the CSRF token's and the sign-in's.
    func signIn(_ client: any TestClientProtocol) async throws -> (csrf: String, cookies: String) {
        let first = try await client.execute(uri: "/stella/admin/sign-in", method: .get)
        let csrf = String(try #require(first.headers[.setCookie]?.split(separator: ";").first?.split(separator: "=").last))
        let signedIn = try await client.execute(uri: "/stella/admin/sign-in", method: .post,
                                                headers: [.contentType: "application/x-www-form-urlencoded", .cookie: "listor_csrf=\(csrf)"],
                                                body: ByteBuffer(string: "csrf=\(csrf)&next=%2Fstella%2Fadmin%2Fstock&admin_token=\(Self.token)"))
        #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/stella/admin/stock")
        let owner = try #require(signedIn.headers[.setCookie])
        #expect(owner.hasPrefix("listor_owner=") && owner.contains("Path=/stella/admin") && owner.contains("SameSite=Strict") && owner.contains("HttpOnly"))
        return (csrf, "listor_csrf=\(csrf); " + String(try #require(owner.split(separator: ";").first)))
    }

    func upload(_ client: any TestClientProtocol, _ csv: String, csrf: String, cookies: String) async throws -> TestResponse {
        try await client.execute(uri: "/stella/admin/stock/inventory", method: .post, headers: [.contentType: MultipartBody.contentType, .cookie: cookies],
                                 body: ByteBuffer(string: MultipartBody(fields: [("csrf", csrf)], file: ("counted.csv", csv)).text))
    }

    @Test func withoutATokenTheBackOfficeIsClosed() async throws {
        try await withPages(adminToken: nil) { client, _ in
            let response = try await client.execute(uri: "/stella/admin/orders", method: .get)
            #expect(response.status == .forbidden && String(buffer: response.body).contains("--stella-admin-token"))
        }
    }

    @Test func theOwnerSignsInFirstAndEveryFormCarriesItsToken() async throws {
        try await withPages(adminToken: Self.token) { client, store in
            let away = try await client.execute(uri: "/stella/admin/stock?show=low", method: .get)
            #expect(away.status == .seeOther && away.headers[.location] == "/stella/admin/sign-in?next=%2Fstella%2Fadmin%2Fstock%3Fshow%3Dlow")
            let unsigned = try await client.execute(uri: "/stella/admin/stock", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                                    body: ByteBuffer(string: "sku=LS-S&stock=0"))
            #expect(unsigned.status == .forbidden)
            // The API's bearer token does not open the pages, nor a sign-in cookie the API.
            let bearer = try await client.execute(uri: "/stella/admin/orders", method: .get, headers: [.authorization: "Bearer \(Self.token)"])
            #expect(bearer.status == .seeOther)
            let wrong = try await client.execute(uri: "/stella/admin/sign-in", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                                 body: ByteBuffer(string: "admin_token=nope"))
            #expect(wrong.status == .forbidden, "no CSRF token, no sign-in")

            let (csrf, cookies) = try await signIn(client)
            #expect(try await client.execute(uri: "/stella/api/orders", method: .get, headers: [.cookie: cookies]).status == .unauthorized)
            let page = try await client.execute(uri: "/stella/admin/stock", method: .get, headers: [.cookie: cookies])
            #expect(page.status == .ok && String(buffer: page.body).contains(#"<input type="hidden" name="csrf" value="\#(csrf)">"#))
            let forged = try await client.execute(uri: "/stella/admin/stock", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookies],
                                                  body: ByteBuffer(string: "csrf=forged&sku=LS-S&stock=0"))
            #expect(forged.status == .forbidden)
            let set = try await client.execute(uri: "/stella/admin/stock", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookies],
                                               body: ByteBuffer(string: "csrf=\(csrf)&sku=LS-S&stock=7&back=show%3Dlow%26evil%3D1"))
            #expect(set.status == .seeOther && set.headers[.location] == "/stella/admin/stock?show=low&set=LS-S%3A%2010%20%E2%86%92%207")
            #expect(try await store.stockAdjustments(sku: "LS-S", limit: 5).map { $0.by.hasPrefix("admin token (") } == [true])
            let bad = try await client.execute(uri: "/stella/admin/stock", method: .post, headers: [.contentType: "application/x-www-form-urlencoded", .cookie: cookies],
                                               body: ByteBuffer(string: "csrf=\(csrf)&sku=LS-S&stock=seven"))
            #expect(bad.status == .unprocessableContent && String(buffer: bad.body).contains("LS-S: &quot;seven&quot; is not a whole number"))
        }
    }

    @Test func aStocktakeSetsEveryCountOrNone() async throws {
        try await withPages(adminToken: Self.token) { client, store in
            let (csrf, cookies) = try await signIn(client)
            let exported = String(buffer: try await client.execute(uri: "/stella/admin/stock/inventory.csv", method: .get, headers: [.cookie: cookies]).body)
            #expect(exported == "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,On hand (current),On hand (new)\r\n"
                + "linen-shirt,Linen shirt,Size,S,,,,,LS-S,10,\r\nlinen-shirt,Linen shirt,Size,M,,,,,LS-M,3,\r\n")
            // By handle and option values, as Shopify names a variant; one row wrong: nothing set.
            let wrong = try await upload(client, "Handle,Option1 Value,On hand (new)\r\nlinen-shirt,S,4\r\nlinen-shirt,XL,2\r\n", csrf: csrf, cookies: cookies)
            let refusal = String(buffer: wrong.body)
            #expect(wrong.status == .unprocessableContent && refusal.contains("Nothing was changed") && refusal.contains("line 3: Option1 Value: linen-shirt has no variant of &quot;xl&quot;"))
            #expect(try await store.products()[0].variants.map(\.stock) == [10, 3])
            let counted = try await upload(client, "Handle,Option1 Value,On hand (new)\r\nlinen-shirt,S,4\r\nlinen-shirt,M,\r\n", csrf: csrf, cookies: cookies)
            #expect(counted.status == .ok && String(buffer: counted.body).contains("counted.csv: 1 variant counted, 1 changed."))
            #expect(try await store.products()[0].variants.map(\.stock) == [4, 3], "an empty count leaves the variant as it is")
        }
    }
}
