import Foundation
import ListorKit

/// Orders placed through another store's order API (`POST /stella/api/orders`, `GET
/// /stella/api/orders/{key}`), for a server that shows that store's catalogue: the stock is
/// taken there, once, as for any other client. Its refusals come back as `StellaStoreError`s.
public struct RemoteOrderDesk: OrderDesk {
    /// The API's root, e.g. `http://127.0.0.1:8081/stella/api`.
    public let baseURL: URL
    private let transport: HTTPTransport
    private static let limits = HTTPLimits(timeout: .seconds(30), maximumBodySize: 1 << 20)

    public init(baseURL: URL, transport: HTTPTransport) {
        self.baseURL = baseURL
        self.transport = transport
    }

    public func place(_ request: OrderRequest, at date: Date) async throws -> Order {
        let body = JSONValue.members([
            ("items", .array(request.items.map { .members([("sku", .string($0.sku)), ("quantity", .number(Double($0.quantity)))]) })),
            ("name", .string(request.name)), ("email", .string(request.email)), ("address", .string(request.address)),
        ])
        let url = baseURL.appendingPathComponent("orders")
        let response = try await transport.send(HTTPRequestMessage(method: "POST", url: url, headers: ["Content-Type": "application/json", "Accept": "application/json"],
                                                                   body: Data(body.serialized(pretty: false).utf8)), Self.limits)
        let json = try? JSONParser.parse(response.body)
        switch response.status {
        case 201: return try OrderJSON.order(json ?? .null)
        case 409:
            guard case .array(let items)? = json?["short"] else { break }
            throw StellaStoreError.short(try items.map(OrderJSON.shortage))
        default: break
        }
        throw StellaStoreError.failed("the store at \(url.absoluteString) refused the order (\(response.status)): \(json?["error"]?.stringValue ?? "no reason given")")
    }

    public func order(key: String) async throws -> Order {
        let url = baseURL.appendingPathComponent("orders").appendingPathComponent(key)
        let response = try await transport.get(url, Self.limits)
        switch response.status {
        case 200: return try OrderJSON.order(try JSONParser.parse(response.body))
        case 404: throw StellaStoreError.unknownOrder(key)
        default: throw StellaStoreError.failed("the store at \(url.absoluteString) answered \(response.status)")
        }
    }
}
