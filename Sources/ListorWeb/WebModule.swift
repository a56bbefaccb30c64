import HTTPTypes
import Hummingbird

/// One Listor app as the web front end sees it: a tile on the home page and its routes.
///
/// Each app brings its own module, built by the composition root with the app's services and
/// view models; `buildApplication` only mounts them. A module has no service of its own making.
public protocol WebModule: Sendable {
    /// The module's tile on the home page; nil for a module with no pages yet.
    var tile: AppTile? { get }
    /// Where the module mounts JSON APIs ("/library/api"): every error of a request there or
    /// under it, a 404 or a 413 included, is answered as JSON rather than as a page.
    var apiPaths: [String] { get }
    /// The module's API described: its OpenAPI document's name in `Resources/OpenAPI`, and the
    /// path that document's paths are under (its `servers` entry). The document is served under
    /// the first of `apiPaths`, as `openapi.json`. Nil for a module without a JSON API.
    var openAPIDocument: (name: String, server: String)? { get }
    /// The largest body a route of the module takes (an upload), when it is larger than the
    /// server's limit; nil otherwise. Each route collects its body with its own limit.
    var maximumBodySize: Int? { get }
    /// What keeps the module from serving now (a store it cannot reach, a poller that has
    /// stopped), for `/ready`; nil when it is ready.
    func readinessProblem() async -> String?
    /// Throws when the module cannot serve, e.g. a template does not fit its pages; the server then does not start.
    func addRoutes(to router: RouteTable, templates: Templates) throws
}

extension WebModule {
    public var apiPaths: [String] { [] }

    public var openAPIDocument: (name: String, server: String)? { nil }

    public var maximumBodySize: Int? { nil }

    public func readinessProblem() async -> String? { nil }
}
