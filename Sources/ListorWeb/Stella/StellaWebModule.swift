import CoreMetrics
import Foundation
import Hummingbird
import ListorKit
import Logging
import Stella

/// Stella on the web: departments, a department's products and a product as pages; the
/// catalogue API the seed's products provider talks to; and the products' pictures.
///
/// Everything comes through the catalogue client the composition root chose, the bundled
/// catalogue or another server's, so the pages, the API and the pictures show the same one.
public struct StellaWebModule: WebModule {
    static let apiPath = "/stella/api"

    private let catalogue: CatalogueClient
    private let pictures: ProductPictures
    /// Where orders go; nil on a server that takes none (it answers 503).
    private let store: (any StellaStore)?
    /// The product grids as rendered, by department and query, when the catalogue is fixed.
    private let gridPages: RenderedPages<GridKey>

    private struct GridKey: Hashable, Sendable {
        let department: String
        let input: [String: String]
    }

    /// `metrics` counts the kept grids used and made; `store` takes the orders.
    public init(catalogue: CatalogueClient, pictures: ProductPictures, store: (any StellaStore)? = nil, metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.catalogue = catalogue
        self.pictures = pictures
        self.store = store
        gridPages = RenderedPages(name: "stella/products", metrics: metrics)
    }

    public var tile: AppTile? {
        AppTile(name: "Stella", summary: "A fashion store: departments, products with sizes, colours and sale prices.", path: "/stella")
    }

    public var apiPaths: [String] { [Self.apiPath] }

    public var openAPIDocument: (name: String, server: String)? { ("stella", Self.apiPath) }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        addPages(to: router, templates: templates)
        addAPI(to: router)
        addPictures(to: router)
    }

    private func addPages(to router: RouteTable, templates: Templates) {
        let catalogue = self.catalogue
        router.get("/stella") { _, _ in
            try templates.html(DepartmentsPage(.departments(try await catalogue.departments())), as: "stella/departments")
        }
        router.get("/stella/:department") { request, context in
            let parameters = QueryPairs.parameters(of: request)
            var input: [String: String] = [:]
            for name in ["page", "per_page", "sort", "size", "colour", "min_price", "max_price"] { input[name] = parameters[name] }
            let department = try context.parameters.require("department")
            let render = {
                let (query, errors) = CatalogueQuery.parse { input[$0] }
                let list = try await ProductListViewModel.load(department: department, query: query, from: catalogue)
                Self.log(list.problems, of: request, to: context.logger)
                return try templates.render(try ProductsPage(list, input: input, errors: errors + list.refused, templates: templates), as: "stella/products")
            }
            let page = catalogue.isFixed ? try await gridPages.page(for: GridKey(department: department, input: input), render: render)
                                         : ByteBuffer(bytes: try await render())
            return Response.html(page)
        }
        router.get("/stella/products/:code") { _, context in
            let detail = try await ProductDetailViewModel.load(code: try context.parameters.require("code"), from: catalogue)
            return try templates.html(ProductDetailPage(detail), as: "stella/product")
        }
    }

    private func addAPI(to router: RouteTable) {
        let (catalogue, store) = (self.catalogue, self.store)
        let api = router.group(RouterPath(Self.apiPath))
        // An order in one request, so that other clients can sell too: 201 with the order, 409
        // naming each line the stock cannot fill (and nothing taken), 400 naming each bad field.
        api.post("orders") { request, _ in
            guard let store else { throw WebError(.serviceUnavailable, message: "this server takes no orders") }
            let body = try await RequestBody.decode(OrderBody.self, from: request, limit: 64 << 10)
            let order = try await Checkout(store: store).placeOrder(body)
            return Response.json(OrderJSON.value(order).serialized(pretty: false), status: .created)
        }
        api.get("departments") { _, _ in
            Response.json(JSONValue.array(try await catalogue.departments().map(StellaJSON.value)).serialized(pretty: false))
        }
        api.get("departments/:id/products") { request, context in
            let parameters = QueryPairs.parameters(of: request)
            let (query, errors) = CatalogueQuery.parse { parameters[$0] }
            if !errors.isEmpty { throw WebError(.badRequest, message: errors.map(\.description).joined(separator: "; ")) }
            let id = try context.parameters.require("id")
            let page = try await catalogue.page(id, query)
            if let department = Departments.department(id: id) {
                let refused = page.facets.refusals(of: query, in: department)
                if !refused.isEmpty { throw WebError(.badRequest, message: refused.map(\.description).joined(separator: "; ")) }
            }
            Self.log(page.problems, of: request, to: context.logger)
            return Response.json(StellaJSON.value(page).serialized(pretty: false))
        }
        api.get("products/:code") { _, context in
            Response.json(StellaJSON.value(try await catalogue.product(try context.parameters.require("code"))).serialized(pretty: false))
        }
    }

    private func addPictures(to router: RouteTable) {
        // What an image shows while the picture loads (a CSS background), the same grey frame
        // as the pipeline's placeholder.
        router.get("/stella/images/placeholder.svg") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                     body: .init(byteBuffer: ByteBuffer(bytes: ImageContent.placeholderSVG)))
        }
        // "/stella/images/ST100000/2-large.svg": picture 2 of the product, through the image pipeline.
        let pictures = self.pictures
        router.get("/stella/images/:code/:file") { _, context in
            let code = try context.parameters.require("code")
            let file = try context.parameters.require("file")
            guard let picture = try await pictures.picture(code: code, file: file) else {
                throw WebError(.notFound, message: "there is no picture \(file.prefix(40)) of \(code.prefix(20))")
            }
            let content = try await pictures.content(of: picture)
            if case .failed(let reason) = content {
                // The failure picture, so that the page shows a frame with a cross rather than a
                // broken image; not cached, so the next request tries the origin again.
                context.logger.warning("cannot get the picture \(picture.path): \(reason)")
                return Response(status: .badGateway, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                                body: .init(byteBuffer: ByteBuffer(bytes: content.bytes)))
            }
            // A day in caches, then asked again with the tag: a picture that did not change is a
            // 304 (CompressionMiddleware answers a matching If-None-Match).
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400", .eTag: ContentTag.of(content.bytes)],
                            body: .init(byteBuffer: ByteBuffer(bytes: content.bytes)))
        }
    }

    /// Products a remote catalogue sent that could not be read: the page shows the others, the log says which.
    static func log(_ problems: [Problem], of request: Request, to logger: Logger) {
        guard !problems.isEmpty else { return }
        let noun = problems.count == 1 ? "product" : "products"
        logger.warning("\(request.uri.path): \(problems.count) \(noun) of the catalogue could not be read: \(problems.map(\.description).joined(separator: "; "))")
    }
}
