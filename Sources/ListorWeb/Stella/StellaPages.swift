import Foundation
import Hummingbird
import ListorKit
import Logging
import Stella

/// Stella's pages: departments, a department's products and a search of the store, a product
/// with its choice of variant, the bag, checkout and the order page. Every form is a plain POST
/// with the CSRF token that redirects, so that all of it works without JavaScript.
struct StellaPages: Sendable {
    let catalogue: CatalogueClient
    /// Where orders go; nil on a server that takes none.
    let store: (any OrderDesk)?
    /// How much one shopper may order in an hour.
    let allowance: OrderAllowance?
    let formKey: FormKey
    /// Whether the shopper's mail about an order is sent.
    let sendsMail: Bool
    let templates: Templates
    /// Product pages as rendered, while the catalogue's version holds.
    let listPages: RenderedPages<ProductListKey>

    static let formLimit = 16 << 10

    func addRoutes(to router: RouteTable) {
        router.get("/stella", use: departments)
        router.get("/stella/search", use: search)
        router.get("/stella/bag", use: bag)
        router.post("/stella/bag", use: add)
        router.post("/stella/bag/change", use: change)
        router.get("/stella/checkout", use: checkout)
        router.post("/stella/checkout", use: placeOrder)
        router.get("/stella/orders/:key", use: order)
        router.get("/stella/products/:code", use: product)
        router.post("/stella/products/:code/choice", use: showChoice)
        router.get("/stella/:department", use: products)
    }

    @Sendable func departments(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        return session.respond(try templates.html(DepartmentsPage(.departments(try await catalogue.departments()), shop: session.header), as: .stellaDepartments))
    }

    @Sendable func products(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await list(request, department: try context.parameters.require("department"), logger: context.logger)
    }

    @Sendable func search(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await list(request, department: nil, logger: context.logger)
    }

    private func list(_ request: Request, department: String?, logger: Logger) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let parameters = QueryPairs.parameters(of: request)
        var input: [String: String] = [:]
        for name in CatalogueQuery.parameterNames { input[name] = parameters[name] }
        let (query, errors) = CatalogueQuery.parse { input[$0] }
        let render = {
            let list = try await ProductListViewModel.load(department: department, query: query, from: catalogue)
            StellaWebModule.log(list.problems, of: request, to: logger)
            let page = try ProductsPage(list, input: input, errors: errors + list.refused, shop: session.header, templates: templates)
            return try templates.render(page, as: .stellaProducts)
        }
        // Read before the page: a page kept under a version is never older than it.
        guard let version = try await catalogue.version() else { return session.respond(Response.html(try await render())) }
        let key = ProductListKey(department: department, input: input, bagCount: session.bag.count, version: version)
        return session.respond(Response.html(try await listPages.page(for: key, render: render)))
    }

    @Sendable func product(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let parameters = QueryPairs.parameters(of: request)
        let detail = try await ProductDetailViewModel.load(code: try context.parameters.require("code"), choice: { parameters[$0] }, from: catalogue)
        return session.respond(try templates.html(ProductDetailPage(detail, shop: session.header, csrf: session.page.token), as: .stellaProduct))
    }

    /// The product again with the values chosen (its variant's picture first, its price and
    /// stock): what the page's script shows at once, for a browser without it.
    @Sendable func showChoice(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let form = try await session.page.checkedForm(StellaPageForm.self, from: request, limit: Self.formLimit)
        let code = try context.parameters.require("code")
        let chosen = ["option1", "option2", "option3"].compactMap { field in form.choice(field).map { (name: field, value: $0) } }
        let path = "/stella/products/" + (code.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? code)
        return session.redirect(to: path + (chosen.isEmpty ? "" : "?" + URLQuery.encode(chosen)))
    }

    /// Puts the chosen variant in the bag and shows the bag; a choice that cannot be had shows
    /// the product again with the reason, the choice kept.
    @Sendable func add(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let form = try await session.page.checkedForm(StellaPageForm.self, from: request, limit: Self.formLimit)
        let detail = try await ProductDetailViewModel.load(code: form.code ?? "", choice: form.choice, from: catalogue)
        do {
            let text = form.quantity ?? "1"
            guard let quantity = Int(digits: text) else { throw BagError("The quantity \"\(text.prefix(20))\" is not a whole number from 1 to \(Bag.maximumQuantity)") }
            let bag = try ShoppingBag.add(detail, quantity: quantity, to: session.bag)
            return session.redirect(to: "/stella/bag?" + URLQuery.encode([("added", detail.variant?.sku ?? "")]), bag: bag)
        } catch let error as BagError {
            let page = ProductDetailPage(detail, shop: session.header, csrf: session.page.token, error: error.message)
            return session.respond(try templates.html(page, as: .stellaProduct, status: .conflict))
        }
    }

    @Sendable func bag(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let bag = try await ShoppingBag.load(session.bag, from: catalogue)
        let added = QueryPairs.parameters(of: request)["added"].flatMap { sku in bag.lines.first { $0.sku == sku } }
        return session.respond(try templates.html(BagPage(bag, shop: session.header, csrf: session.page.token, notice: added.map { "Added \($0.title) to your bag." }),
                                                  as: .stellaBag))
    }

    /// Changes a line's quantity, or removes it ("remove" sends quantity 0).
    @Sendable func change(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let form = try await session.page.checkedForm(StellaPageForm.self, from: request, limit: Self.formLimit)
        guard let sku = form.sku, let quantity = Int(digits: form.quantity ?? "") else {
            let bag = try await ShoppingBag.load(session.bag, from: catalogue)
            let page = BagPage(bag, shop: session.header, csrf: session.page.token, error: "The quantity \"\(form.quantity?.prefix(20) ?? "")\" is not a whole number from 0 to \(Bag.maximumQuantity); nothing was changed.")
            return session.respond(try templates.html(page, as: .stellaBag, status: .badRequest))
        }
        do {
            return session.redirect(to: "/stella/bag", bag: try ShoppingBag.change([(sku, quantity)], in: session.bag))
        } catch {
            let page = BagPage(try await ShoppingBag.load(session.bag, from: catalogue), shop: session.header, csrf: session.page.token, error: error.message + ".")
            return session.respond(try templates.html(page, as: .stellaBag, status: .badRequest))
        }
    }

    @Sendable func checkout(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let bag = try await ShoppingBag.load(session.bag, from: catalogue)
        guard !bag.lines.isEmpty else { return session.redirect(to: "/stella/bag") }
        return session.respond(try templates.html(CheckoutPage(bag, shop: session.header, csrf: session.page.token), as: .stellaCheckout))
    }

    /// Places the bag's order: the order page on success, with the bag emptied; the form again
    /// with each problem beside its field, or with the lines the stock cannot fill.
    @Sendable func placeOrder(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        let form = try await session.page.checkedForm(StellaPageForm.self, from: request, limit: Self.formLimit)
        guard let store else { throw WebError(.serviceUnavailable, message: "this server takes no orders") }
        guard !session.bag.isEmpty else { return session.redirect(to: "/stella/bag") }
        do {
            let order = try await CheckoutViewModel(store: store, allowance: allowance).placeOrder(of: session.bag, name: form.name ?? "", email: form.email ?? "",
                                                                                        address: form.address ?? "", from: context.clientAddress)
            return session.redirect(to: "/stella/orders/\(order.key)?placed=1", bag: Bag())
        } catch let errors as FieldErrors {
            let page = CheckoutPage(try await ShoppingBag.load(session.bag, from: catalogue), shop: session.header, csrf: session.page.token, form: form, errors: errors.errors)
            return session.respond(try templates.html(page, as: .stellaCheckout, status: .unprocessableContent))
        } catch StellaStoreError.short(let shortages) {
            let bag = try await ShoppingBag.load(session.bag, from: catalogue)
            let page = CheckoutPage(bag, shop: session.header, csrf: session.page.token, form: form, problems: bag.explain(shortages))
            return session.respond(try templates.html(page, as: .stellaCheckout, status: .conflict))
        } catch let limit as OrderLimitError {
            let page = CheckoutPage(try await ShoppingBag.load(session.bag, from: catalogue), shop: session.header, csrf: session.page.token, form: form,
                                    problems: [limit.sentence])
            var response = session.respond(try templates.html(page, as: .stellaCheckout, status: .tooManyRequests))
            response.headers[.retryAfter] = String(limit.retryAfter)
            return response
        }
    }

    @Sendable func order(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = StellaSession(request, formKey: formKey)
        guard let store else { throw WebError(.notFound, message: "this server takes no orders") }
        let key = try context.parameters.require("key")
        let order: Order
        do { order = try await CheckoutViewModel(store: store).order(key: key) } catch StellaStoreError.unknownOrder {
            throw WebError(.notFound, message: "there is no such order")
        }
        let isNew = QueryPairs.parameters(of: request)["placed"] != nil
        var response = session.respond(try templates.html(OrderPage(order, shop: session.header, timeZone: session.page.timeZone, isNew: isNew, sendsMail: sendsMail), as: .stellaOrder))
        // The key is the order's secret: no cache keeps the page it opens.
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
