import Library
import ListorKit
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
    /// Parameters refused ("page: \"x\" is not a whole number…"), shown with the summary.
    let errorList: [String]
    let hasErrors: Bool
    /// "Page 2 of 2000" with its neighbours, when the matches take more than one page.
    let hasPages: Bool
    let pageNumber: Int
    let pageCount: Int
    let previousHref: String?
    let nextHref: String?
    let firstHref: String?
    let lastHref: String?
    /// The page size when it is not the default, for the search form to keep.
    let perPage: Int?

    init(_ list: BookListViewModel, errors: [FieldError] = [], notice: String?, templates: Templates, offersSignIn: Bool = false, isLibrarian: Bool = false) throws {
        self.offersSignIn = offersSignIn
        self.isLibrarian = isLibrarian
        self.notice = notice
        search = list.query.search
        statuses = try templates.options(list.statusChoices.map { Choice(value: $0.status.rawValue, label: $0.label, selected: $0.isSelected) })
        summary = list.summary
        let size: CoverRendition.Size = list.layout == .grid ? .medium : .small
        rows = list.rows.map { row in
            Row(href: "/library/books/\(row.id.rawValue)", title: row.title, author: row.author, status: row.status, isOnLoan: row.isOnLoan, isOverdue: row.isOverdue,
                cover: CoverRendition(size).path(id: row.id, version: row.version), cover2x: CoverRendition(size, scale: 2).path(id: row.id, version: row.version),
                coverWidth: size.box.width, coverHeight: size.box.height)
        }
        layoutName = list.layout.rawValue
        isGrid = list.layout == .grid
        // Every link keeps the search, the filter, the layout and the page size as they are.
        func href(layout: BookListViewModel.Layout = list.layout, page: Int = 1) -> String {
            var pairs: [(name: String, value: String)] = []
            if !list.query.search.isEmpty { pairs.append(("search", list.query.search)) }
            if list.query.status != .all { pairs.append(("status", list.query.status.rawValue)) }
            if layout != .list { pairs.append(("view", layout.rawValue)) }
            if list.perPage != BookPage.defaultSize { pairs.append(("per_page", "\(list.perPage)")) }
            if page > 1 { pairs.append(("page", "\(page)")) }
            return "/library" + (pairs.isEmpty ? "" : "?" + URLQuery.encode(pairs))
        }
        layouts = BookListViewModel.Layout.allCases.map { layout in
            LayoutLink(label: layout == .grid ? "Covers" : "List", href: href(layout: layout), isCurrent: layout == list.layout)
        }
        errorList = errors.map(\.description)
        hasErrors = !errors.isEmpty
        perPage = list.perPage == BookPage.defaultSize ? nil : list.perPage
        hasPages = list.pageCount > 1
        pageNumber = list.pageNumber
        pageCount = list.pageCount
        previousHref = list.previousPage.map { href(page: $0) }
        nextHref = list.nextPage.map { href(page: $0) }
        firstHref = list.pageNumber > 2 ? href(page: 1) : nil
        lastHref = list.pageNumber < list.pageCount - 1 ? href(page: list.pageCount) : nil
        hasRows = !rows.isEmpty
        emptyMessage = list.emptyMessage
    }
}
