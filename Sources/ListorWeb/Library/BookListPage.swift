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
        /// The cover at the layout's size, and at twice it.
        let cover: String
        let cover2x: String
        let coverWidth: Int
        let coverHeight: Int
    }

    /// A link to the other layout, keeping the search and the filter.
    struct LayoutLink: Encodable {
        let label: String
        let href: String
        let isCurrent: Bool
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
    let layoutName: String
    let isGrid: Bool
    let layouts: [LayoutLink]

    init(_ list: BookListViewModel, notice: String?, templates: Templates, offersSignIn: Bool = false, isLibrarian: Bool = false) throws {
        self.offersSignIn = offersSignIn
        self.isLibrarian = isLibrarian
        self.notice = notice
        search = list.query.search
        statuses = try templates.options(list.statusChoices.map { Choice(value: $0.status.rawValue, label: $0.label, selected: $0.isSelected) })
        summary = list.summary
        let size: CoverRendition.Size = list.layout == .grid ? .medium : .small
        rows = list.rows.map { row in
            Row(href: "/library/books/\(row.id)", title: row.title, author: row.author, status: row.status, isOnLoan: row.isOnLoan, isOverdue: row.isOverdue,
                cover: CoverRendition(size).path(id: row.id, version: row.version), cover2x: CoverRendition(size, scale: 2).path(id: row.id, version: row.version),
                coverWidth: size.box.width, coverHeight: size.box.height)
        }
        layoutName = list.layout.rawValue
        isGrid = list.layout == .grid
        layouts = BookListViewModel.Layout.allCases.map { layout in
            var pairs: [(name: String, value: String)] = []
            if !list.query.search.isEmpty { pairs.append(("search", list.query.search)) }
            if list.query.status != .all { pairs.append(("status", list.query.status.rawValue)) }
            if layout != .list { pairs.append(("view", layout.rawValue)) }
            return LayoutLink(label: layout == .grid ? "Covers" : "List", href: "/library" + (pairs.isEmpty ? "" : "?" + URLQuery.encode(pairs)),
                              isCurrent: layout == list.layout)
        }
        hasRows = !rows.isEmpty
        emptyMessage = list.emptyMessage
    }
}
