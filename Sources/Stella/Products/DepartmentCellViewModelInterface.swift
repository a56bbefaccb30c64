import Foundation

/// What a department's row shows, as the seed's `SomeCellViewModelInterface`.
public protocol DepartmentCellViewModelInterface: Sendable {
    var id: String { get }
    var title: String { get }
}
