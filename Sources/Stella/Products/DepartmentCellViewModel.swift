import Foundation

public struct DepartmentCellViewModel: DepartmentCellViewModelInterface {
    private let department: Department

    public init(department: Department) {
        self.department = department
    }

    public var id: String { department.id }
    public var title: String { department.name }
}
