import Foundation
import Hummingbird
import ListorKit
import Stella

/// The owner's API of the store, behind `StellaOwnerMiddleware`: the orders with where each
/// goes, fulfilled or cancelled by key; every variant's stock, set one by one.
struct StellaOwnerAPI: Sendable {
    /// Nil on a server without a store of its own, whose back office `StellaOwnerMiddleware` closes.
    let store: (any StellaStore)?

    private var orders: OrderAdminViewModel {
        get throws { try OrderAdminViewModel(store: owned()) }
    }

    private var stock: StockViewModel {
        get throws { try StockViewModel(store: owned()) }
    }

    private func owned() throws -> any StellaStore {
        guard let store else { throw WebError(.forbidden, message: "this server has no store of its own") }
        return store
    }

    func addRoutes(to owner: RouterGroup<WebRequestContext>) {
        owner.get("orders", use: list)
        owner.post("orders/:key/fulfil", use: fulfil)
        owner.post("orders/:key/cancel", use: cancel)
        owner.get("stock", use: stockList)
        owner.post("stock", use: setStock)
    }

    @Sendable private func list(_ request: Request, context: WebRequestContext) async throws -> Response {
        let parameters = QueryPairs.parameters(of: request)
        var reader = ParameterReader { parameters[$0] }
        let page = reader.count("page", 1...100_000) ?? 1
        var errors = reader.errors
        var state: Order.State?
        if let text = parameters["state"], !text.isEmpty {
            state = Order.State(rawValue: text)
            if state == nil { errors.append(FieldError(field: "state", message: "\"\(text.prefix(20))\" is none of open, fulfilled and cancelled")) }
        }
        if !errors.isEmpty { throw FieldErrors(errors) }
        let found = try await orders.orders(state: state, search: parameters["search"] ?? "", page: page)
        return Self.json(.array(found.map(OrderJSON.value)))
    }

    @Sendable private func fulfil(_ request: Request, context: WebRequestContext) async throws -> Response {
        let body = try await RequestBody.decode(FulfilBody.self, from: request, limit: 4096)
        let number = try await number(of: context)
        return Self.json(OrderJSON.value(try await orders.fulfil(number: number, tracking: body.tracking, by: .web(client: context.clientAddress))))
    }

    @Sendable private func cancel(_ request: Request, context: WebRequestContext) async throws -> Response {
        Self.json(OrderJSON.value(try await orders.cancel(number: try await number(of: context), by: .web(client: context.clientAddress))))
    }

    @Sendable private func stockList(_ request: Request, context: WebRequestContext) async throws -> Response {
        let text = QueryPairs.parameters(of: request)["show"] ?? "all"
        guard let view = StockViewModel.View(rawValue: text) else {
            throw FieldErrors([FieldError(field: "show", message: "\"\(text.prefix(20))\" is none of all, low and sold-out")])
        }
        return Self.json(.array(try await stock.rows(view).map { row in
            .members([("sku", .string(row.variant.sku)), ("product", .string(row.product.code)), ("title", .string(OrderLine.title(row.product.name, values: row.variant.values))),
                      ("status", .string(row.product.status.rawValue)), ("stock", .number(Double(row.variant.stock))), ("tracked", .bool(row.variant.tracked)),
                      ("inventory_policy", .string(row.variant.oversells ? "continue" : "deny"))])
        }))
    }

    @Sendable private func setStock(_ request: Request, context: WebRequestContext) async throws -> Response {
        let body = try await RequestBody.decode(StockBody.self, from: request, limit: 4096)
        let adjustment = try await stock.set(sku: body.sku, to: String(body.stock), by: .web(client: context.clientAddress))
        return Self.json(.members([("sku", .string(adjustment.sku)), ("before", .number(Double(adjustment.before))), ("after", .number(Double(adjustment.after))),
                                   ("at", .date(adjustment.at)), ("by", .string(adjustment.by))]))
    }

    /// The number of the order `key` names: the owner's API names orders as their shoppers' pages do.
    private func number(of context: WebRequestContext) async throws -> String {
        try await orders.order(key: try context.parameters.require("key")).number
    }

    private static func json(_ value: JSONValue) -> Response {
        var response = Response.json(value.serialized(pretty: false))
        // Where orders go, and to whom: no cache keeps it.
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `{"tracking": "DHL 123"}`, or `{}`.
    struct FulfilBody: JSONValueDecodable, Sendable {
        enum Key: String, CodingKey, CaseIterable { case tracking }
        var tracking: String?

        init(json: JSONValue, codingPath: [any CodingKey]) throws {
            let fields = try JSONFields(json, codingPath: codingPath)
            if let unknown = fields.object.keys.first(where: { Key(rawValue: $0) == nil }) {
                throw fields.invalid("\"\(unknown.prefix(40))\" is not a member of a fulfilment; its member is tracking")
            }
            tracking = try fields.optionalString(Key.tracking)
        }

        init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
    }

    /// `{"sku": "LS-S", "stock": 12}`.
    struct StockBody: JSONValueDecodable, Sendable {
        enum Key: String, CodingKey, CaseIterable { case sku, stock }
        var sku: String
        var stock: Int

        init(json: JSONValue, codingPath: [any CodingKey]) throws {
            let fields = try JSONFields(json, codingPath: codingPath)
            if let unknown = fields.object.keys.first(where: { Key(rawValue: $0) == nil }) {
                throw fields.invalid("\"\(unknown.prefix(40))\" is not a member of a stock count; its members are sku and stock")
            }
            sku = try fields.string(Key.sku)
            stock = try fields.integer(Int.self, Key.stock)
        }

        init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
    }
}

