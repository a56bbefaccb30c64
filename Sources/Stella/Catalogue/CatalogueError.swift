import Foundation
import ListorKit

public enum CatalogueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A department the catalogue does not have, with the ids of those it has.
    case unknownDepartment(String, known: [String])
    case unknownProduct(String)
    case unknownPicture(String)
    /// A catalogue API refused the query's size, colour or vendor: its department never has it.
    case filterNotOffered(department: String)

    public var description: String {
        switch self {
        case .unknownDepartment(let id, let known):
            "there is no department \"\(id.prefix(60))\"; the departments are \(known.joined(separator: ", "))"
        case .unknownProduct(let code): "there is no product \"\(code.prefix(60))\""
        case .unknownPicture(let path): "there is no picture at \(path.prefix(100))"
        case .filterNotOffered(let department): "the catalogue has no such size, colour or vendor in \(department)"
        }
    }
}
