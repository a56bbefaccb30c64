import Hummingbird
import ListorKit
import Transistors

/// Transistor Listor's pages: the list with its filters, a part's detail beside it, and the
/// comparison of parts side by side.
struct TransistorPages: Sendable {
    let viewModel: TransistorListViewModel
    /// The list pages as rendered, by query: the catalog does not change while the server runs.
    let listPages: RenderedPages<TransistorQuery.Input>
    let templates: Templates

    @Sendable func list(_ request: Request, context: WebRequestContext) async throws -> Response {
        let input = TransistorsWebModule.input(request)
        return Response.html(try listPages.page(for: input) {
            try templates.render(try TransistorBrowserPage(TransistorsWebModule.listing(viewModel, input), input: input, detail: nil, templates: templates),
                                 as: .transistorsBrowser)
        })
    }

    @Sendable func compare(_ request: Request, context: WebRequestContext) async throws -> Response {
        let partNumbers = (QueryPairs.decode(request.uri.query) ?? []).filter { $0.name == "parts" }.map(\.value)
        let comparison = try viewModel.comparison(of: partNumbers)
        return try templates.html(TransistorComparePage(comparison), as: .transistorsCompare, status: comparison.unknown.isEmpty ? .ok : .notFound)
    }

    @Sendable func detail(_ request: Request, context: WebRequestContext) async throws -> Response {
        let input = TransistorsWebModule.input(request)
        let transistor = try viewModel.transistor(partNumber: try context.parameters.require("part"))
        let detail = (TransistorDetailViewModel(transistor: transistor), try viewModel.substitutes(for: transistor))
        return try templates.html(try TransistorBrowserPage(TransistorsWebModule.listing(viewModel, input), input: input, detail: detail, templates: templates),
                                  as: .transistorsBrowser)
    }
}
