import Foundation
import ListorKit

/// The departments, hard-coded as the seed's DepartmentDataProvider had them.
public struct DepartmentDataProvider: DataProvider {
    public init() {}

    public func load() async throws -> [Department] {
        try Task.checkCancellation()
        return Departments.all
    }
}

/// A page of a department's products from the catalogue API, built on `HTTPDataProvider` as
/// the seed's ProductsDataProvider extended its HTTP provider, with the page, order and filters
/// the seed hard-coded now in the query.
public struct ProductsDataProvider: DataProvider {
    private let http: HTTPDataProvider<ProductPage>

    /// `baseURL` is the API's root, e.g. `http://127.0.0.1:8080/stella/api`.
    public init(baseURL: URL, department: String, query: CatalogueQuery, transport: HTTPTransport) {
        http = HTTPDataProvider(url: Self.url(baseURL, department: department, query: query), transport: transport) { data in
            try StellaJSON.page(try JSONParser.parse(data))
        }
    }

    public var url: URL { http.url }

    public func load() async throws -> ProductPage {
        try await http.load()
    }

    static func url(_ base: URL, department: String, query: CatalogueQuery) -> URL {
        var items = [URLQueryItem(name: "page", value: "\(query.page)"), URLQueryItem(name: "per_page", value: "\(query.perPage)")]
        if query.sort != .relevance { items.append(URLQueryItem(name: "sort", value: query.sort.rawValue)) }
        if let size = query.size { items.append(URLQueryItem(name: "size", value: size)) }
        if let colour = query.colour { items.append(URLQueryItem(name: "colour", value: colour)) }
        if let low = query.minPrice { items.append(URLQueryItem(name: "min_price", value: low.majorText)) }
        if let high = query.maxPrice { items.append(URLQueryItem(name: "max_price", value: high.majorText)) }
        var components = URLComponents(url: base.appendingPathComponent("departments").appendingPathComponent(department).appendingPathComponent("products"),
                                       resolvingAgainstBaseURL: false)
        components?.queryItems = items
        return components?.url ?? base
    }
}

/// One product from the catalogue API.
public struct ProductDetailProvider: DataProvider {
    private let http: HTTPDataProvider<Product>

    public init(baseURL: URL, code: String, transport: HTTPTransport) {
        http = HTTPDataProvider(url: baseURL.appendingPathComponent("products").appendingPathComponent(code), transport: transport) { data in
            try StellaJSON.product(try JSONParser.parse(data))
        }
    }

    public func load() async throws -> Product {
        try await http.load()
    }
}

/// A product's picture through the shared image pipeline: cached, and fetched once however
/// many views ask at the same time.
public struct ProductImagesProvider: DataProvider {
    public let url: URL
    private let pipeline: ImagePipeline

    /// `path` as the product gives it ("/stella/images/ST100000/1-thumb.svg"), against the store's `origin`.
    public init(origin: URL, path: String, pipeline: ImagePipeline) {
        url = URL(string: path, relativeTo: origin)?.absoluteURL ?? origin
        self.pipeline = pipeline
    }

    public func load() async throws -> [UInt8] {
        try await pipeline.image(for: url)
    }

    /// The pipeline's fetch for images served over `transport`.
    public static func fetch(_ transport: HTTPTransport) -> ImagePipeline.Fetch {
        { url in
            let response = try await transport.get(url, HTTPLimits(timeout: .seconds(15), maximumBodySize: 8 << 20))
            guard (200...299).contains(response.status) else { throw NetworkError.badStatus(url: url, status: response.status) }
            return Array(response.body)
        }
    }
}

extension Money {
    /// "49.90": the amount in major units, for query parameters.
    public var majorText: String {
        let cents = minorUnits % 100
        return "\(minorUnits / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
