import CoreMetrics
import Foundation
import HTTPTypes
import Hummingbird
import ListorKit
import Transistors

/// Transistor Listor on the web: the browser page (list, and detail beside it) and the JSON API.
public struct TransistorsWebModule: WebModule {
    /// Loaded once at start-up; each request copies it and applies its own query. It finds a
    /// part, its substitutes and comparisons too, from the catalog or its index file's records.
    private let viewModel: TransistorListViewModel
    /// The list pages as rendered, by query: the catalog does not change while the server runs.
    private let listPages: RenderedPages<TransistorQuery.Input>

    /// `metrics` counts the kept list pages used and made.
    public init(viewModel: TransistorListViewModel, metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.viewModel = viewModel
        listPages = RenderedPages(name: "transistors/list", metrics: metrics)
    }

    public var tile: AppTile? {
        AppTile(name: "Transistor Listor", summary: "A catalog of BJTs, MOSFETs and JFETs with their datasheet facts.", path: "/transistors")
    }

    public var apiPaths: [String] { ["/api/transistors"] }

    public var openAPIDocument: (name: String, server: String)? { ("transistors", "/api") }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        let pages = TransistorPages(viewModel: viewModel, listPages: listPages, templates: templates)
        router.get("/transistors", use: pages.list)
        router.get("/transistors/compare", use: pages.compare)
        router.get("/transistors/:part", use: pages.detail)
        router.get("/api/transistors", use: list)
        router.get("/api/transistors/:part/substitutes", use: substitutes)
        router.get("/api/transistors/:part", use: part)
    }

    /// A page of the matching parts, or all of them as a file (`format`). A bad option is a
    /// client's bug; a word of the search it cannot use is a person's typing, answered with the
    /// rest applied and a warning, unless asked to be strict.
    @Sendable private func list(_ request: Request, context: WebRequestContext) async throws -> Response {
        let strict = try Self.isStrict(request)
        let (listing, errors) = Self.listing(viewModel, Self.input(request))
        let refused = strict ? errors : errors.filter { $0.field != TransistorQuery.Field.search.rawValue }
        if !refused.isEmpty { throw Self.badQuery(refused) }
        let parameters = QueryPairs.parameters(of: request)
        var response: Response
        if let format = parameters["format"], !format.isEmpty {
            response = try Self.download(listing.matchingTransistors, format: format)
        } else {
            response = try Self.apiPage(listing, perPage: parameters["per_page"], request: request)
        }
        for warning in errors where warning.field == TransistorQuery.Field.search.rawValue {
            response.headers.append(HTTPField(name: WarningHeader.name, value: WarningHeader.value("\(warning.field): \(warning.message)")))
        }
        return response
    }

    @Sendable private func substitutes(_ request: Request, context: WebRequestContext) async throws -> Response {
        let part = try context.parameters.require("part")
        let parameters = QueryPairs.parameters(of: request)
        var reader = ParameterReader { parameters[$0] }
        let samePinout = reader.flag("same_pinout")
        let powerPackages = reader.flag("power_packages")
        let limit = reader.count("limit", 1...SubstitutesViewModel.maximumLimit) ?? SubstitutesViewModel.defaultLimit
        if !reader.errors.isEmpty { throw Self.badQuery(reader.errors) }
        let original = try viewModel.transistor(partNumber: part)
        let substitutes = try viewModel.substitutes(for: original, samePinoutOnly: samePinout, allowsPowerPackages: powerPackages, limit: limit)
        return Response.json(TransistorJSON.value(substitutes).serialized(pretty: false))
    }

    @Sendable private func part(_ request: Request, context: WebRequestContext) async throws -> Response {
        let transistor = try viewModel.transistor(partNumber: try context.parameters.require("part"))
        return Response.json(TransistorJSON.value(transistor).serialized(pretty: false))
    }

    /// `viewModel` with this request's query applied, and the query's field errors.
    static func listing(_ viewModel: TransistorListViewModel, _ input: TransistorQuery.Input) -> (TransistorListViewModel, [FieldError]) {
        let (query, errors) = TransistorQuery.parse(input)
        var listing = viewModel
        listing.apply(query)
        return (listing, errors)
    }

    /// How many parts a page of the API gives unless `per_page` says, and at most.
    static let apiPageSize = 100
    static let maximumAPIPageSize = 1000

    /// One page of the matching parts as the API's JSON, with the count of every match in
    /// `X-Total-Count` and the neighbouring pages in `Link`, as GitHub's API pages.
    private static func apiPage(_ listing: TransistorListViewModel, perPage text: String?, request: Request) throws -> Response {
        var size = apiPageSize
        if let text, !text.isEmpty {
            guard let number = Int(digits: text), (1...maximumAPIPageSize).contains(number) else {
                throw badQuery([FieldError(field: "per_page", message: "\"\(text.prefix(20))\" is not a whole number from 1 to \(maximumAPIPageSize)")])
            }
            size = number
        }
        let page = try listing.page(size: size)
        var response = Response.json(TransistorJSON.value(page.transistors).serialized(pretty: false))
        response.headers.append(HTTPField(name: .totalCount, value: String(page.matchCount)))
        let others = (QueryPairs.decode(request.uri.query) ?? []).filter { $0.name != "page" }.map { (name: $0.name, value: $0.value) }
        if let links = PageLinks.header(path: "/api/transistors", query: others, page: page.pageNumber, pageCount: page.pageCount) {
            response.headers.append(HTTPField(name: .link, value: links))
        }
        return response
    }

    /// Every matching part as a file to save: `format=json` or `format=csv`.
    private static func download(_ transistors: [any Transistor], format: String) throws -> Response {
        switch format.lowercased() {
        case "json":
            var response = Response.json(TransistorJSON.value(transistors).serialized(pretty: true) + "\n")
            response.headers[.contentDisposition] = #"attachment; filename="transistors.json""#
            return response
        case "csv":
            return Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: #"attachment; filename="transistors.csv""#],
                            body: .init(byteBuffer: ByteBuffer(string: TransistorCSV.text(transistors))))
        default:
            throw badQuery([FieldError(field: "format", message: "\"\(format.prefix(20))\" is not a format; use json or csv")])
        }
    }

    /// `strict=true` refuses a search with words it cannot use, where the default answers with a warning.
    private static func isStrict(_ request: Request) throws -> Bool {
        let parameters = QueryPairs.parameters(of: request)
        var reader = ParameterReader { parameters[$0] }
        let strict = reader.flag("strict")
        if !reader.errors.isEmpty { throw badQuery(reader.errors) }
        return strict
    }

    /// A 400 naming every problem: `error` says them all, `problems` one by one.
    private static func badQuery(_ errors: [FieldError]) -> WebError {
        var error = WebError(.badRequest, message: errors.map { "\($0.field): \($0.message)" }.joined(separator: "; "))
        error.details = [("problems", .array(errors.map { .members([("field", .string($0.field)), ("message", .string($0.message))]) }))]
        return error
    }

    static func input(_ request: Request) -> TransistorQuery.Input {
        let parameters = QueryPairs.parameters(of: request)
        func value(_ field: TransistorQuery.Field) -> String? { parameters[field.rawValue] }
        return TransistorQuery.Input(
            search: value(.search), family: value(.family), doping: value(.doping), package: value(.package),
            minVoltage: value(.minVoltage), minCurrent: value(.minCurrent), sort: value(.sort), page: value(.page))
    }
}
