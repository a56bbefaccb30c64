import Foundation
import ListorKit
import Synchronization

/// Where Stella's view models get the catalogue: the store's (or any) in memory, or a
/// catalogue API (another Listor) over HTTP through the seed's data providers. The web pages and
/// the command line both go through it; only the composition root picks which.
///
/// A struct of closures, as `HTTPTransport` is: a test double sets only what it needs, and
/// `unimplemented` fails loudly. Unknown departments and products are `CatalogueError`s from
/// either implementation; a live one's other failures are `NetworkError`s naming the URL.
public struct CatalogueClient: Sendable {
    public var departments: @Sendable () async throws -> [Department]
    /// A page of the department's products, or of the whole store's when `department` is nil.
    public var page: @Sendable (_ department: String?, _ query: CatalogueQuery) async throws -> ProductPage
    public var product: @Sendable (_ code: String) async throws -> Product
    /// A number that moves whenever what the catalogue answers changes (an order's stock
    /// included), for pages kept as rendered; nil when nothing tells (another server's).
    public var version: @Sendable () async throws -> Int64?

    public init(departments: @escaping @Sendable () async throws -> [Department],
                page: @escaping @Sendable (_ department: String?, _ query: CatalogueQuery) async throws -> ProductPage,
                product: @escaping @Sendable (_ code: String) async throws -> Product,
                version: @escaping @Sendable () async throws -> Int64? = { nil }) {
        self.departments = departments
        self.page = page
        self.product = product
        self.version = version
    }
}

extension CatalogueClient {
    /// A catalogue in memory that does not change.
    public static func bundled(_ catalogue: Catalogue) -> CatalogueClient {
        var client = local { catalogue }
        client.version = { 0 }
        return client
    }

    /// The catalogue `current` gives at each question: a store's, as `StoreCatalogue` keeps it.
    public static func local(_ current: @escaping @Sendable () async throws -> Catalogue) -> CatalogueClient {
        CatalogueClient(
            departments: { try await current().departments },
            page: { department, query in try await current().page(department: department, query) },
            product: { code in try await current().product(code: code) })
    }

    /// A catalogue API such as `http://127.0.0.1:8080/stella/api`, over `transport`: pages through
    /// `ProductsDataProvider`, products through `ProductDetailProvider`, as the seed loaded them.
    public static func live(baseURL: URL, transport: HTTPTransport) -> CatalogueClient {
        let known = KnownDepartments()
        @Sendable func departments() async throws -> [Department] {
            if let departments = known.departments { return departments }
            let provider = HTTPDataProvider(url: baseURL.appendingPathComponent("departments"), transport: transport) { data in
                try BatchDecoder().decode(Department.self, from: data).items
            }
            let departments = try await provider.load()
            known.departments = departments
            return departments
        }
        return CatalogueClient(
            departments: departments,
            page: { department, query in
                do {
                    return try await ProductsDataProvider(baseURL: baseURL, department: department, query: query, transport: transport).load()
                } catch NetworkError.badStatus(_, 404) where department != nil {
                    throw CatalogueError.unknownDepartment(department ?? "", known: (try? await departments().map(\.id)) ?? [])
                } catch NetworkError.badStatus(_, 400) where query.size != nil || query.colour != nil || query.vendor != nil {
                    throw CatalogueError.filterNotOffered(department: department ?? "the store")
                }
            },
            product: { code in
                do {
                    return try await ProductDetailProvider(baseURL: baseURL, code: code, transport: transport).load()
                } catch NetworkError.badStatus(_, 404) {
                    throw CatalogueError.unknownProduct(code)
                }
            })
    }

    /// A client for tests that have not set one up: any use fails loudly.
    public static let unimplemented = CatalogueClient(
        departments: { throw CatalogueClientError.unimplemented("departments") },
        page: { _, _ in throw CatalogueClientError.unimplemented("page") },
        product: { _ in throw CatalogueClientError.unimplemented("product") })
}

/// The departments a live catalogue sent, once it has.
private final class KnownDepartments: Sendable {
    private let value = Mutex<[Department]?>(nil)

    var departments: [Department]? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
