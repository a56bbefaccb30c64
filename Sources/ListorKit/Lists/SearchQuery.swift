import Foundation

/// A search as people type it: every word must occur, in any order ("npn 45v" or "45v npn").
public struct SearchQuery: Sendable, Hashable {
    public let text: String
    let terms: [FoldedText]

    public init(_ text: String) {
        self.text = text.trimmed()
        terms = self.text.split(whereSeparator: \.isWhitespace).map { FoldedText(String($0)) }
    }

    public var isEmpty: Bool { terms.isEmpty }

    public func matches(_ key: FoldedText) -> Bool {
        terms.allSatisfy(key.contains)
    }
}
