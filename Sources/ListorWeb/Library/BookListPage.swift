import Library
import Tagged

/// What `library/list.mustache` shows: the search form, the status filter and the books.
struct BookListPage: Encodable {
    struct Row: Encodable {
        let href: String
        let title: String
        let author: String
        let status: String
        let isOnLoan: Bool
        let isOverdue: Bool
    }

    let title = "Library"
    let notice: String?
    let search: String
    let statuses: HTMLFragment
    let summary: String
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String?
    /// With an admin token: whether to offer signing in, or say the librarian is signed in.
    let offersSignIn: Bool
    let isLibrarian: Bool

    init(_ list: BookListViewModel, notice: String?, templates: Templates, offersSignIn: Bool = false, isLibrarian: Bool = false) throws {
        self.offersSignIn = offersSignIn
        self.isLibrarian = isLibrarian
        self.notice = notice
        search = list.query.search
        statuses = try templates.options(list.statusChoices.map { Choice(value: $0.status.rawValue, label: $0.label, selected: $0.isSelected) })
        summary = list.summary
        rows = list.rows.map { Row(href: "/library/books/\($0.id)", title: $0.title, author: $0.author, status: $0.status, isOnLoan: $0.isOnLoan, isOverdue: $0.isOverdue) }
        hasRows = !rows.isEmpty
        emptyMessage = list.emptyMessage
    }
}
