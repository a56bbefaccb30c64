import Foundation

/// Where words typed in an address bar are looked up: a URL with `%s` where the words go, as
/// browsers' keyword searches are written ("https://html.duckduckgo.com/html/?q=%s").
public struct SearchEngine: Sendable, Hashable {
    /// DuckDuckGo's page for browsers without JavaScript.
    public static let duckDuckGo = SearchEngine(template: "https://html.duckduckgo.com/html/?q=%s")

    public let template: String

    private init(template: String) {
        self.template = template
    }

    /// Nil unless `template` is an http or https URL with one `%s`.
    public init?(validating template: String) {
        let parts = template.components(separatedBy: "%s")
        guard parts.count == 2, let url = URL(string: parts.joined(separator: "x")), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else { return nil }
        self.template = template
    }

    /// The search for `words`, each byte outside the unreserved ones percent-encoded.
    public func url(for words: String) -> URL? {
        let query = words.trimmingCharacters(in: .whitespacesAndNewlines).addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
        return URL(string: template.replacingOccurrences(of: "%s", with: query))
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
