import Foundation
import Hummingbird

/// A query string as a form sent by GET writes it: every name and value, in order, duplicates
/// kept, `+` read as a space and percent escapes decoded.
enum QueryPairs {
    /// Nil when the query is not one a browser writes (a broken percent escape).
    static func decode(_ query: String?) -> [(name: String, value: String)]? {
        guard let query, !query.isEmpty else { return [] }
        var pairs: [(name: String, value: String)] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(pieces[0]), let value = pieces.count > 1 ? decode(pieces[1]) : "" else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    /// The request's query parameters, the first of each name, as a GET form wrote them
    /// (Hummingbird's own leave the `+` a form writes for a space); none when the query is broken.
    static func parameters(of request: Request) -> [String: String] {
        Dictionary(decode(request.uri.query) ?? [], uniquingKeysWith: { first, _ in first })
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
