import Foundation
import ListorKit

/// One product from the catalogue API.
public struct ProductDetailProvider: DataProvider {
    private let http: HTTPDataProvider<Product>

    public init(baseURL: URL, code: String, transport: HTTPTransport) {
        http = HTTPDataProvider(url: baseURL.appendingPathComponent("products").appendingPathComponent(code), transport: transport) { data in
            try Product(json: try JSONParser.parse(data), codingPath: [])
        }
    }

    public func load() async throws -> Product {
        try await http.load()
    }
}
