import Foundation
import HTTPTypes
import Hummingbird
import ListorKit
import Transistors

/// Transistor Listor on the web: the browser page (list, and detail beside it) and the JSON API.
public struct TransistorsWebModule: WebModule {
    /// Loaded once at start-up; each request copies it and applies its own query.
    private let viewModel: TransistorListViewModel

    public init(viewModel: TransistorListViewModel) {
        self.viewModel = viewModel
    }

    public var tile: AppTile? {
        AppTile(name: "Transistor Listor", summary: "A catalog of BJTs, MOSFETs and JFETs with their datasheet facts.", path: "/transistors")
    }

    public var apiPaths: [String] { ["/api/transistors"] }

    public func addRoutes(to router: RouteTable, templates: Templates) throws {
        let rows = try TransistorRows(catalog: catalog, templates: templates)
        router.get("/transistors") { request, _ in
            let input = Self.input(request)
            return try templates.html(try TransistorBrowserPage(listing(input), input: input, detail: nil, rows: rows, templates: templates), as: "transistors/browser")
        }
        router.get("/transistors/:part") { request, context in
            let part = try context.parameters.require("part")
            let input = Self.input(request)
            guard let transistor = catalog?.transistor(partNumber: part) else { throw notFound(part) }
            let page = try TransistorBrowserPage(listing(input), input: input, detail: TransistorDetailViewModel(transistor: transistor),
                                                 rows: rows, templates: templates)
            return try templates.html(page, as: "transistors/browser")
        }
        router.get("/api/transistors") { request, _ in
            let strict = try Self.isStrict(request)
            let (listing, errors) = listing(Self.input(request))
            // A bad option is a client's bug; a word of the search it cannot use is a person's
            // typing, answered with the rest applied and a warning, unless asked to be strict.
            let refused = strict ? errors : errors.filter { $0.field != TransistorQuery.Field.search.rawValue }
            if !refused.isEmpty { throw Self.badQuery(refused) }
            var response = Response.json(TransistorJSON.value(listing.matchingTransistors).serialized(pretty: false))
            for warning in errors where warning.field == TransistorQuery.Field.search.rawValue {
                response.headers.append(HTTPField(name: WarningHeader.name, value: WarningHeader.value("\(warning.field): \(warning.message)")))
            }
            return response
        }
        router.get("/api/transistors/:part") { _, context in
            let part = try context.parameters.require("part")
            guard let transistor = catalog?.transistor(partNumber: part) else {
                throw WebError(.notFound, message: "no transistor \"\(part)\" in the catalog")
            }
            return Response.json(TransistorJSON.value(transistor).serialized(pretty: false))
        }
    }

    private var catalog: TransistorCatalog? { viewModel.state.value }

    /// The view model with this request's query applied, and the query's field errors.
    private func listing(_ input: TransistorQuery.Input) -> (TransistorListViewModel, [FieldError]) {
        let (query, errors) = TransistorQuery.parse(input)
        var listing = viewModel
        listing.apply(query)
        return (listing, errors)
    }

    /// `strict=true` refuses a search with words it cannot use, where the default answers with a warning.
    private static func isStrict(_ request: Request) throws -> Bool {
        switch QueryPairs.parameters(of: request)["strict"]?.lowercased() {
        case nil, "", "false", "0", "no": return false
        case "true", "1", "yes": return true
        case let other?:
            throw badQuery([FieldError(field: "strict", message: "\"\(other.prefix(40))\" is not true or false")])
        }
    }

    /// A 400 naming every problem: `error` says them all, `problems` one by one.
    private static func badQuery(_ errors: [FieldError]) -> WebError {
        var error = WebError(.badRequest, message: errors.map { "\($0.field): \($0.message)" }.joined(separator: "; "))
        error.details = [("problems", .array(errors.map { .members([("field", .string($0.field)), ("message", .string($0.message))]) }))]
        return error
    }

    private func notFound(_ part: String) -> WebError {
        let suggestions = catalog?.suggestions(for: part) ?? []
        return WebError(
            .notFound, title: "No such transistor",
            message: "The catalog has no transistor \"\(part)\"." + (suggestions.isEmpty ? "" : " Did you mean one of these?"),
            suggestions: suggestions.map { .init(label: $0, href: TransistorBrowserPage.detailPath($0, query: "")) })
    }

    static func input(_ request: Request) -> TransistorQuery.Input {
        let parameters = QueryPairs.parameters(of: request)
        func value(_ field: TransistorQuery.Field) -> String? { parameters[field.rawValue] }
        return TransistorQuery.Input(
            search: value(.search), family: value(.family), doping: value(.doping), package: value(.package),
            minVoltage: value(.minVoltage), minCurrent: value(.minCurrent), sort: value(.sort))
    }
}
