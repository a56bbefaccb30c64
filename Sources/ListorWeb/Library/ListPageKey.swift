import Library

/// All that a page of the library's list is made from, so that a page kept under it may be sent
/// again: what was asked (search, status, page, layout), the refused parameters and the notice
/// it names, the reader's time zone and sign-in, the minute (which says "5 min ago", and which
/// loans are overdue), and the library's change number (which moves on with every write).
struct ListPageKey: Hashable, Sendable {
    let request: BookListRequest
    let layout: BookListViewModel.Layout
    let errors: [String]
    let notice: String?
    let timeZone: String
    let isLibrarian: Bool
    let minute: Int64
    let change: Int64
}
