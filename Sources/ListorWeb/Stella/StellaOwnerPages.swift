import Foundation
import Hummingbird
import ListorKit
import Stella

/// The owner's back office on the web, under `/stella/admin`, behind the owner's sign-in
/// (`StellaOwnerMiddleware`): the orders, each with where it goes and what happened to it, sent
/// or cancelled; every variant's stock, set one by one or from an inventory CSV; the products,
/// archived, restored or deleted; a catalogue imported after a preview, or exported. Every form
/// is a plain POST with the CSRF token that redirects or shows the outcome, without JavaScript.
struct StellaOwnerPages: Sendable {
    static let path = "/stella/admin"
    /// The largest catalogue or inventory file taken from a page.
    static let uploadLimit = 16 << 20
    /// Variants or products on one page.
    static let pageSize = 100

    /// Nil on a server without a store of its own, whose back office the middleware closes.
    let store: (any StellaStore)?
    let gate: AdminGate
    /// What a catalogue's picture addresses may be.
    let addresses: AddressGuard
    /// Whether the shopper's mail is sent (the server has a mail server).
    let sendsMail: Bool
    let templates: Templates

    func addRoutes(to router: RouteTable) {
        signInRoutes.addRoutes(to: router)
        let pages = router.group(RouterPath(Self.path)).add(middleware: StellaOwnerMiddleware(gate: gate, hasStore: store != nil, door: .pages))
        pages.get("", use: home)
        pages.get("orders", use: orders)
        pages.get("orders/:number", use: order)
        pages.post("orders/:number/fulfil", use: fulfil)
        pages.post("orders/:number/cancel", use: cancel)
        pages.get("stock", use: stock)
        pages.post("stock", use: setStock)
        pages.get("stock/history", use: stockHistory)
        pages.get("stock/inventory.csv", use: inventoryCSV)
        pages.post("stock/inventory", use: importInventory)
        pages.get("products", use: products)
        pages.post("products/:handle/:action", use: changeProduct)
        pages.get("import", use: importPage)
        pages.post("import", use: importCatalogue)
        pages.get("products.csv", use: exportCatalogue)
    }

    var signInRoutes: SignInRoutes {
        SignInRoutes(gate: gate, wording: .init(app: "Stella's back office", bodyClass: "stella", who: "the owner",
                                                why: "The store's orders, stock and products need the admin token that listor serve was started with (--stella-admin-token).",
                                                withoutToken: "This store has no admin token: its back office is closed.", afterSignOut: "/stella"),
                     csrfPath: StellaSession.path, templates: templates)
    }

    private func owned() throws -> any StellaStore {
        guard let store else { throw WebError(.forbidden, message: "this server has no store of its own") }
        return store
    }

    private func session(_ request: Request) -> PageSession {
        PageSession(request, formKey: gate.formKey, cookiePath: StellaSession.path, gate: gate)
    }

    private func form(_ request: Request, _ session: PageSession) async throws -> StellaOwnerForm {
        try await session.checkedForm(StellaOwnerForm.self, from: request, limit: StellaPages.formLimit)
    }

    private func respond(_ session: PageSession, _ page: some Encodable, as name: TemplateName, status: HTTPResponse.Status = .ok) throws -> Response {
        session.page(try templates.html(page, as: name, status: status))
    }

    @Sendable func home(_ request: Request, context: WebRequestContext) async throws -> Response {
        SignInRoutes.redirect(Self.path + "/orders")
    }

    // MARK: Orders

    @Sendable func orders(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let parameters = QueryPairs.parameters(of: request)
        let state = parameters["state"].flatMap(Order.State.init(rawValue:))
        let search = parameters["search"] ?? ""
        let page = Self.page(parameters)
        let found = try await OrderAdminViewModel(store: try owned()).orders(state: state, search: search, page: page)
        return try respond(session, OwnerOrdersPage(found, state: state, search: search, page: page, csrf: session.token, timeZone: session.timeZone),
                           as: .stellaOwnerOrders)
    }

    @Sendable func order(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let (order, mail) = try await orderAndMail(context)
        let notice = QueryPairs.parameters(of: request)["done"].flatMap(Order.State.init(rawValue:)).map { "Order \(order.number): \($0 == .fulfilled ? "marked sent" : "cancelled, its stock put back")." }
        return try respond(session, OwnerOrderPage(order, mail: mail, sendsMail: sendsMail, csrf: session.token, timeZone: session.timeZone, notice: notice),
                           as: .stellaOwnerOrder)
    }

    @Sendable func fulfil(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let form = try await form(request, session)
        let number = try context.parameters.require("number")
        return try await close(number, session, context, form: form) {
            try await OrderAdminViewModel(store: try owned()).fulfil(number: number, tracking: form.tracking, by: .web(client: context.clientAddress))
        }
    }

    @Sendable func cancel(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let form = try await form(request, session)
        let number = try context.parameters.require("number")
        return try await close(number, session, context, form: form) {
            try await OrderAdminViewModel(store: try owned()).cancel(number: number, by: .web(client: context.clientAddress))
        }
    }

    /// Sends or cancels the order, then shows it: with the reason, when it was closed already
    /// (by another owner at the same moment) or the note cannot be kept.
    private func close(_ number: String, _ session: PageSession, _ context: WebRequestContext, form: StellaOwnerForm,
                       _ action: () async throws -> Order) async throws -> Response {
        do {
            let order = try await action()
            return SignInRoutes.redirect("\(Self.path)/orders/\(order.number)?done=\(order.state.rawValue)")
        } catch StellaStoreError.orderClosed(_, let state) {
            let (order, mail) = try await orderAndMail(context)
            let page = OwnerOrderPage(order, mail: mail, sendsMail: sendsMail, csrf: session.token, timeZone: session.timeZone,
                                      problem: "Nothing was changed: the order is \(state.rawValue) already.")
            return try respond(session, page, as: .stellaOwnerOrder, status: .conflict)
        } catch let errors as FieldErrors {
            let (order, mail) = try await orderAndMail(context)
            let page = OwnerOrderPage(order, mail: mail, sendsMail: sendsMail, csrf: session.token, timeZone: session.timeZone, tracking: form.tracking,
                                      problem: errors.errors.map(\.message).joined(separator: "; "))
            return try respond(session, page, as: .stellaOwnerOrder, status: .unprocessableContent)
        }
    }

    /// The order the address names, with the mail its shopper was sent about it.
    private func orderAndMail(_ context: WebRequestContext) async throws -> (Order, [QueuedMail]) {
        let number = try context.parameters.require("number")
        do { return try await OrderAdminViewModel(store: try owned()).orderWithMail(number: number) } catch StellaStoreError.unknownOrder {
            throw WebError(.notFound, title: "No such order", message: "There is no order \(number.prefix(20)).")
        }
    }

    // MARK: Stock

    @Sendable func stock(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await stockPage(request, session(request))
    }

    private func stockPage(_ request: Request, _ session: PageSession, status: HTTPResponse.Status = .ok, notice: String? = nil,
                           problems: [String] = []) async throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        let view = parameters["show"].flatMap(StockViewModel.View.init(rawValue:)) ?? .all
        let search = parameters["search"] ?? ""
        let page = Self.page(parameters)
        let rows = try await StockViewModel(store: try owned()).rows(view, search: search)
        let shown = OwnerStockPage(rows, view: view, search: search, page: page, pageSize: Self.pageSize, csrf: session.token,
                                   notice: notice ?? parameters["set"].map { "Set \($0.prefix(80))." }, problems: problems)
        return try respond(session, shown, as: .stellaOwnerStock, status: status)
    }

    @Sendable func setStock(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let form = try await form(request, session)
        let sku = form.sku ?? ""
        do {
            let adjustment = try await StockViewModel(store: try owned()).set(sku: sku, to: form.stock ?? "", by: .web(client: context.clientAddress))
            return SignInRoutes.redirect(Self.path + "/stock?" + URLQuery.encode(OwnerStockPage.query(of: form.back) + [("set", "\(adjustment.sku): \(adjustment.before) → \(adjustment.after)")]))
        } catch let errors as FieldErrors {
            return try await stockPage(request, session, status: .unprocessableContent, problems: errors.errors.map { "\(sku.prefix(80)): \($0.message)" })
        } catch StellaStoreError.unknownSKU(let sku) {
            return try await stockPage(request, session, status: .notFound, problems: ["The store has no variant \(sku.prefix(80))."])
        }
    }

    @Sendable func stockHistory(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let sku = QueryPairs.parameters(of: request)["sku"].flatMap { $0.isEmpty ? nil : $0 }
        let adjustments = try await StockViewModel(store: try owned()).history(sku: sku, limit: 500)
        return try respond(session, OwnerStockHistoryPage(adjustments, sku: sku, timeZone: session.timeZone), as: .stellaOwnerStockHistory)
    }

    @Sendable func inventoryCSV(_ request: Request, context: WebRequestContext) async throws -> Response {
        Self.download(try await StockViewModel(store: try owned()).inventoryCSV(), named: "inventory.csv")
    }

    /// Sets the stock an inventory CSV counts, all of it or, when a row is wrong, none.
    @Sendable func importInventory(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let upload = try await PageUpload(request, session: session, limit: Self.uploadLimit)
        do {
            let (adjustments, problems) = try await StockViewModel(store: try owned()).importCounts(try upload.text(), by: .web(client: context.clientAddress))
            if !problems.isEmpty {
                return try await stockPage(request, session, status: .unprocessableContent,
                                           problems: ["Nothing was changed: \(problems.count) row\(problems.count == 1 ? "" : "s") of \(upload.name) cannot be read."]
                                               + problems.map(\.description))
            }
            let changed = adjustments.filter { $0.before != $0.after }.count
            return try await stockPage(request, session, notice: "\(upload.name): \(adjustments.count) variant\(adjustments.count == 1 ? "" : "s") counted, \(changed) changed.")
        } catch let error as ShopifyCSVError {
            return try await stockPage(request, session, status: .unprocessableContent, problems: ["\(upload.name): \(error)"])
        }
    }

    // MARK: Products

    @Sendable func products(_ request: Request, context: WebRequestContext) async throws -> Response {
        try await productsPage(request, session(request))
    }

    private func productsPage(_ request: Request, _ session: PageSession, status: HTTPResponse.Status = .ok, problem: String? = nil) async throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        let show = parameters["show"].flatMap(OwnerProductsPage.Show.init(rawValue:)) ?? .all
        let page = Self.page(parameters)
        let products = try await owned().products()
        let notice = parameters["done"].map { "\($0.prefix(200))." }
        return try respond(session, OwnerProductsPage(products, show: show, page: page, pageSize: Self.pageSize, csrf: session.token, notice: notice, problem: problem),
                           as: .stellaOwnerProducts, status: status)
    }

    /// Archives, restores or deletes a product.
    @Sendable func changeProduct(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let form = try await form(request, session)
        let handle = try context.parameters.require("handle")
        let products = ProductAdminViewModel(store: try owned())
        let done: String
        do {
            switch try context.parameters.require("action") {
            case "archive": done = "\(try await products.set(handle, to: .archived).name) archived"
            case "restore": done = "\(try await products.set(handle, to: .active).name) restored"
            case "delete": done = "\(try await products.delete(handle).name) deleted"
            default: throw WebError(.notFound, message: "A product can be archived, restored or deleted.")
            }
        } catch CatalogueError.unknownProduct {
            return try await productsPage(request, session, status: .notFound, problem: "The store has no product \(handle.prefix(80)).")
        }
        return SignInRoutes.redirect(Self.path + "/products?" + URLQuery.encode(OwnerProductsPage.query(of: form.back) + [("done", done)]))
    }

    @Sendable func importPage(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        return try respond(session, OwnerImportPage(csrf: session.token), as: .stellaOwnerImport)
    }

    /// A catalogue file: its preview (what it would do, nothing changed), or, once confirmed on
    /// the preview, the import with its report.
    @Sendable func importCatalogue(_ request: Request, context: WebRequestContext) async throws -> Response {
        let session = session(request)
        let upload = try await PageUpload(request, session: session, limit: Self.uploadLimit)
        let missing = upload.field("missing").flatMap(CatalogueImport.Missing.init(rawValue:)) ?? .keep
        let store = try owned()
        let text = try upload.text()
        do {
            let plan = try await CatalogueImport.plan(text, for: store, missing: missing, addresses: addresses)
            let report = upload.field("confirm") == nil ? plan : try await plan.apply(to: store)
            return try respond(session, OwnerImportPage(csrf: session.token, report: report, file: upload.name, csv: report.applied ? nil : text, missing: missing),
                               as: .stellaOwnerImport, status: report.problems.isEmpty ? .ok : .unprocessableContent)
        } catch let error as ShopifyCSVError {
            return try respond(session, OwnerImportPage(csrf: session.token, problem: "\(upload.name): \(error)"), as: .stellaOwnerImport, status: .unprocessableContent)
        }
    }

    @Sendable func exportCatalogue(_ request: Request, context: WebRequestContext) async throws -> Response {
        Self.download(ShopifyCSV.write(try await owned().products()), named: "products_export.csv")
    }

    /// The list's page the address asks for, from 1.
    private static func page(_ parameters: [String: String]) -> Int {
        parameters["page"].flatMap { Int(digits: $0) }.map { min(max($0, 1), 100_000) } ?? 1
    }

    private static func download(_ csv: String, named name: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: csv)))
    }
}
