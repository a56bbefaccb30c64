import Hummingbird

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
