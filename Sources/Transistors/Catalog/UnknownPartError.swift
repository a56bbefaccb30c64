import Foundation
import ListorKit

/// A part number the catalog does not have, with the closest ones it does.
public struct UnknownPartError: Error, Sendable, Hashable, CustomStringConvertible {
    public let partNumber: String
    public let suggestions: [String]

    public init(partNumber: String, suggestions: [String]) {
        self.partNumber = partNumber
        self.suggestions = suggestions
    }

    /// `no transistor "BC548X" in the catalog; did you mean BC548, BC546?`
    public var description: String {
        "no transistor \"\(partNumber.prefix(60))\" in the catalog" + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?")
    }
}
