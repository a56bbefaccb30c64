import Foundation
import ListorKit

/// The departments, hard-coded as the seed's DepartmentDataProvider had them.
public struct DepartmentDataProvider: DataProvider {
    public init() {}

    public func load() async throws -> [Department] {
        try Task.checkCancellation()
        return Departments.all
    }
}
