import Dispatch
import Foundation

/// Why a whole document could not be read as a batch of items.
public enum BatchDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case notJSON(JSONSyntaxError)
    case notAnArray(found: String)

    public var description: String {
        switch self {
        case .empty:
            "the file is empty; expected a JSON array"
        case .notJSON(let error):
            "not valid JSON: \(error)"
        case .notAnArray(let found):
            "expected a JSON array at the top level, found \(found)"
                + (found == "an object" ? " (a single item? wrap it in [ ])" : "")
        }
    }
}
