import Foundation
import ListorKit
import Stella

/// What `stella/departments.mustache` shows: the departments, as the seed's first screen.
struct DepartmentsPage: Encodable {
    struct Row: Encodable {
        let id: String
        let title: String
    }

    let shop: StellaHeader
    let departments: [Row]

    init(_ source: ListDataSource<Department, any DepartmentCellViewModelInterface>, shop: StellaHeader) {
        self.shop = shop
        departments = source.viewModels.map { Row(id: $0.id, title: $0.title) }
    }
}
