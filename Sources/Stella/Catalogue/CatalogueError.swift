import Foundation
import ListorKit

public enum CatalogueError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownDepartment(String)
    case unknownProduct(String)
    case unknownPicture(String)
    /// A catalogue API refused the query's size or colour: its department never has it.
    case filterNotOffered(department: String)

    public var description: String {
        switch self {
        case .unknownDepartment(let id):
            "there is no department \"\(id)\"; the departments are \(Departments.all.map(\.id).joined(separator: ", "))"
        case .unknownProduct(let code): "there is no product \"\(code)\""
        case .unknownPicture(let path): "there is no picture at \(path)"
        case .filterNotOffered(let department): "the catalogue has no such size or colour in \(department)"
        }
    }
}
