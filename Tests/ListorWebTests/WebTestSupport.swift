import Hummingbird
import HummingbirdTesting
import ListorWeb
import Transistors

/// The web front end over the bundled catalog, as `listor serve` builds it.
func makeRouter(configuration: WebConfiguration = WebConfiguration()) async throws -> Router<BasicRequestContext> {
    var transistors = TransistorListViewModel()
    await transistors.load(from: TransistorCatalogProviders.bundled())
    return try await buildRouter(configuration: configuration, modules: [TransistorsWebModule(viewModel: transistors)])
}

/// Sends requests straight to the router, without a socket.
func withRouter<Value: Sendable>(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
    try await Application(router: try await makeRouter()).test(.router, test)
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
