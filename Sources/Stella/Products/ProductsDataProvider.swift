import Foundation
import ListorKit

/// A page of a department's products from the catalogue API, built on `HTTPDataProvider` as
/// the seed's ProductsDataProvider extended its HTTP provider, with the page, order and filters
/// the seed hard-coded now in the query. A product the API sends that cannot be read is a
/// problem of the page; the others are kept.
public struct ProductsDataProvider: DataProvider {
    private let http: HTTPDataProvider<ProductPage>

    /// `baseURL` is the API's root; without a department, the whole store's products are searched, e.g. `http://127.0.0.1:8080/stella/api`.
    public init(baseURL: URL, department: String?, query: CatalogueQuery, transport: HTTPTransport) {
        http = HTTPDataProvider(url: Self.url(baseURL, department: department, query: query), transport: transport) { data in
            try StellaJSON.page(try JSONParser.parse(data))
        }
    }

    public var url: URL { http.url }

    public func load() async throws -> ProductPage {
        try await http.load()
    }

    static func url(_ base: URL, department: String?, query: CatalogueQuery) -> URL {
        var items = [URLQueryItem]()
        if let text = query.text { items.append(URLQueryItem(name: "q", value: text)) }
        items += [URLQueryItem(name: "page", value: "\(query.page)"), URLQueryItem(name: "per_page", value: "\(query.perPage)")]
        if query.sort != .relevance { items.append(URLQueryItem(name: "sort", value: query.sort.rawValue)) }
        if let size = query.size { items.append(URLQueryItem(name: "size", value: size)) }
        if let colour = query.colour { items.append(URLQueryItem(name: "colour", value: colour)) }
        if let low = query.minPrice { items.append(URLQueryItem(name: "min_price", value: low.majorText)) }
        if let high = query.maxPrice { items.append(URLQueryItem(name: "max_price", value: high.majorText)) }
        if let vendor = query.vendor { items.append(URLQueryItem(name: "vendor", value: vendor)) }
        if let availability = query.availability { items.append(URLQueryItem(name: "availability", value: availability.rawValue)) }
        let products = department.map { base.appendingPathComponent("departments").appendingPathComponent($0) } ?? base
        var components = URLComponents(url: products.appendingPathComponent("products"), resolvingAgainstBaseURL: false)
        components?.queryItems = items
        return components?.url ?? base
    }
}
