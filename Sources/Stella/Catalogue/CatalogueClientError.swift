import Foundation
import ListorKit

/// A test's `CatalogueClient` was used where it had not been set up.
public enum CatalogueClientError: Error, CustomStringConvertible {
    case unimplemented(String)

    public var description: String {
        switch self {
        case .unimplemented(let name): "CatalogueClient.unimplemented.\(name) was called; the test did not set it up"
        }
    }
}
