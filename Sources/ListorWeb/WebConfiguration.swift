import Hummingbird
import Logging

/// How the web server listens and what it accepts.
public struct WebConfiguration: Sendable {
    /// Loopback by default: Listor is reachable from other machines only when asked to be.
    public var host: String
    public var port: Int
    /// Requests declaring a larger body are refused with 413 before anything reads them.
    public var maximumRequestBodySize: Int

    public init(host: String = "127.0.0.1", port: Int = 8080, maximumRequestBodySize: Int = 1 << 20) {
        self.host = host
        self.port = port
        self.maximumRequestBodySize = maximumRequestBodySize
    }
}

/// One Listor app as the web front end sees it: a tile on the home page and its routes.
///
/// Each app brings its own module, built by the composition root with the app's services;
/// `buildApplication` only mounts them.
public protocol WebModule: Sendable {
    /// The module's tile on the home page; nil for a module with no pages yet.
    var tile: AppTile? { get }
    /// Throws when the module cannot serve, e.g. a template does not fit its pages; the server then does not start.
    func addRoutes(to router: Router<BasicRequestContext>, templates: Templates) throws
}

/// A tile on the home page.
public struct AppTile: Sendable, Encodable {
    /// The seed's product name, e.g. "Transistor Listor".
    public let name: String
    public let summary: String
    public let path: String

    public init(name: String, summary: String, path: String) {
        self.name = name
        self.summary = summary
        self.path = path
    }
}
