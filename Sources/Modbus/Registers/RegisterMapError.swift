import Foundation
import ListorKit

/// A map file that cannot be used at all.
public enum RegisterMapError: Error, Sendable, CustomStringConvertible {
    case notJSON(JSONSyntaxError)
    case invalid(Problem)

    public var description: String {
        switch self {
        case .notJSON(let error): "not JSON: \(error)"
        case .invalid(let problem): "not a register map: \(problem)"
        }
    }
}
