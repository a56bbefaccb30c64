import CoreMetrics
import Foundation
import Hummingbird
import ListorKit
import Logging
import Stella

/// Stella on the web: the store's pages (`StellaPages`), the catalogue and order API, and the
/// products' pictures.
///
/// Everything comes through the catalogue client the composition root chose, the bundled
/// catalogue or another server's, so the pages, the API and the pictures show the same one.
public struct StellaWebModule: WebModule {
    static let apiPath = "/stella/api"

    private let catalogue: CatalogueClient
    private let pictures: ProductPictures
    /// Where orders go; nil on a server that takes none (it answers 503).
    private let store: (any OrderDesk)?
    /// How much one shopper may order in an hour; nil for no bound.
    private let allowance: OrderAllowance?
    private let formKey: FormKey
    private let listPages: RenderedPages<ProductListKey>
    /// The store the owner's back office runs on; nil on a server whose orders go to another's.
    private let owner: (any StellaStore)?
    /// The owner's token and sign-in; without a token the back office is closed.
    private let gate: AdminGate
    /// What a catalogue imported from the back office may name as pictures.
    private let addresses: AddressGuard
    /// Whether the shopper's mail about an order is sent (the server has a mail server).
    private let sendsMail: Bool

    /// `store` takes the orders (a `StellaStore`, or another store's API); `formKey` signs the forms' CSRF tokens and the bag's cookie:
    /// give every node of one site the same key.
    /// `owner` is the store the back office works on, behind `adminToken`: without a token it is
    /// closed. `addresses` guards the picture addresses of a catalogue imported there. With
    /// `sendsMail`, the order page says that a confirmation is on its way.
    public init(catalogue: CatalogueClient, pictures: ProductPictures, store: (any OrderDesk)? = nil, allowance: OrderAllowance? = nil, formKey: FormKey = .random(),
                owner: (any StellaStore)? = nil, adminToken: String? = nil, addresses: AddressGuard,
                sendsMail: Bool = false, metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.sendsMail = sendsMail
        self.owner = owner
        gate = AdminGate(token: adminToken.map(AdminToken.init(value:)), formKey: formKey, role: "owner", path: StellaOwnerPages.path)
        self.addresses = addresses
        listPages = RenderedPages(name: "stella/list", admission: .secondAsk, metrics: metrics)
        self.catalogue = catalogue
        self.pictures = pictures
        self.store = store
        self.allowance = allowance
        self.formKey = formKey
    }

    public var tile: AppTile? {
        AppTile(name: "Stella", summary: "A fashion store: departments, search, sizes and colours in stock, a bag and orders paid on delivery.", path: "/stella")
    }

    public var apiPaths: [String] { [Self.apiPath] }

    /// A catalogue or inventory file from the back office, on a server that has one.
    public var maximumBodySize: Int? { owner == nil ? nil : StellaOwnerPages.uploadLimit }

    public var openAPIDocument: (name: String, server: String)? { ("stella", Self.apiPath) }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        let api = router.group(RouterPath(Self.apiPath))
        api.post("orders", use: placeOrder)
        api.get("orders/:key", use: order)
        api.get("departments", use: departments)
        api.get("departments/:id/products", use: departmentProducts)
        api.get("products", use: products)
        api.get("products/:code", use: product)
        router.get("/stella/images/placeholder.svg", use: placeholder)
        router.get("/stella/images/:code/:index", use: picture)
        StellaOwnerAPI(store: owner).addRoutes(to: api.group().add(middleware: StellaOwnerMiddleware(gate: gate, hasStore: owner != nil, door: .api)))
        StellaOwnerPages(store: owner, gate: gate, addresses: addresses, sendsMail: sendsMail, templates: templates).addRoutes(to: router)
        StellaPages(catalogue: catalogue, store: store, allowance: allowance, formKey: formKey, sendsMail: sendsMail, templates: templates, listPages: listPages)
            .addRoutes(to: router)
    }

    /// An order in one request, so that other clients can sell too: 201 with the order, 409
    /// naming each line the stock cannot fill (and nothing taken), 400 naming each bad field.
    @Sendable private func placeOrder(_ request: Request, context: WebRequestContext) async throws -> Response {
        guard let store else { throw WebError(.serviceUnavailable, message: "this server takes no orders") }
        let body = try await RequestBody.decode(OrderBody.self, from: request, limit: 64 << 10)
        let order = try await CheckoutViewModel(store: store, allowance: allowance).placeOrder(body, from: context.clientAddress)
        return Response.json(OrderJSON.value(order).serialized(pretty: false), status: .created)
    }

    /// The order its key names: the key is what only the one who placed it was given, so no
    /// cache keeps what it opens.
    @Sendable private func order(_ request: Request, context: WebRequestContext) async throws -> Response {
        guard let store else { throw WebError(.serviceUnavailable, message: "this server takes no orders") }
        let key = try context.parameters.require("key")
        do {
            var response = Response.json(OrderJSON.value(try await CheckoutViewModel(store: store).order(key: key)).serialized(pretty: false))
            response.headers[.cacheControl] = "no-store"
            return response
        } catch StellaStoreError.unknownOrder {
            throw WebError(.notFound, message: "there is no such order")
        }
    }

    @Sendable private func departments(_ request: Request, context: WebRequestContext) async throws -> Response {
        Response.json(JSONValue.array(try await catalogue.departments().map(StellaJSON.value)).serialized(pretty: false))
    }

    @Sendable private func departmentProducts(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await page(request, department: try context.parameters.require("id"), logger: context.logger)
    }

    @Sendable private func products(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await page(request, department: nil, logger: context.logger)
    }

    @Sendable private func product(_ request: Request, context: WebRequestContext) async throws -> Response {
        Response.json(StellaJSON.value(try await catalogue.product(try context.parameters.require("code"))).serialized(pretty: false))
    }

    /// A department's products, or the whole store's: the same query, the same page.
    private func page(_ request: Request, department: String?, logger: Logger) async throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        let (query, errors) = CatalogueQuery.parse { parameters[$0] }
        if !errors.isEmpty { throw WebError(.badRequest, message: errors.map(\.description).joined(separator: "; ")) }
        let page = try await catalogue.page(department, query)
        var scope = "the store"
        if let department { scope = try await catalogue.departments().first { $0.id == department }?.name ?? department }
        let refused = page.facets.refusals(of: query, in: scope)
        if !refused.isEmpty { throw WebError(.badRequest, message: refused.map(\.description).joined(separator: "; ")) }
        Self.log(page.problems, of: request, to: logger)
        return Response.json(StellaJSON.value(page).serialized(pretty: false))
    }

    /// What an image shows while the picture loads (a CSS background), the same grey frame as
    /// the pipeline's placeholder.
    @Sendable private func placeholder(_ request: Request, context: WebRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                 body: .init(byteBuffer: ByteBuffer(bytes: ImageContent.placeholderSVG)))
    }

    /// "/stella/images/linen-shirt/2": picture 2 of the product, through the image pipeline.
    @Sendable private func picture(_ request: Request, context: WebRequestContext) async throws -> Response {
        let code = try context.parameters.require("code")
        let index = try context.parameters.require("index")
        guard let picture = try await pictures.picture(code: code, index: index) else {
            throw WebError(.notFound, message: "there is no picture \(index.prefix(10)) of \(code.prefix(60))")
        }
        let content = try await pictures.content(of: picture)
        // Only a picture is served: anything else the address gave is a failure.
        guard case .image(let bytes) = content, let type = ImageType.of(bytes) else {
            let reason = if case .failed(let reason) = content { reason } else { "it is not a JPEG, PNG, GIF, WebP or SVG picture" }
            // The failure picture, so that the page shows a frame with a cross rather than a
            // broken image; not cached, so the next request tries the origin again.
            context.logger.warning("cannot get the picture \(picture.path) from \(picture.source.prefix(200)): \(reason)")
            return Response(status: .badGateway, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: ImageContent.failureSVG)))
        }
        // A day in caches, then asked again with the tag: a picture that did not change is a
        // 304 (CompressionMiddleware answers a matching If-None-Match). An SVG from another
        // site opened on its own runs nothing and reaches nothing: a sandbox of no origin.
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=86400", .eTag: ContentTag.of(bytes),
                                               .contentSecurityPolicy: SecurityHeadersMiddleware<WebRequestContext>.picturePolicy],
                        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Products a remote catalogue sent that could not be read: the page shows the others, the log says which.
    static func log(_ problems: [Problem], of request: Request, to logger: Logger) {
        guard !problems.isEmpty else { return }
        let noun = problems.count == 1 ? "product" : "products"
        logger.warning("\(request.uri.path): \(problems.count) \(noun) of the catalogue could not be read: \(problems.map(\.description).joined(separator: "; "))")
    }
}
