import Library
import Tagged

/// What `library/delete.mustache` shows: the question before deleting, and the admin token's field when one is needed.
struct DeleteBookPage: Encodable {
    let title: String
    let path: String
    let version: Int
    let loanCount: String
    let needsToken: Bool
    let csrf: String
    let problem: String?

    init(_ detail: BookDetailViewModel, needsToken: Bool, csrf: String, problem: String? = nil) {
        title = detail.book.title
        path = "/library/books/\(detail.book.id)"
        version = detail.book.version
        loanCount = detail.loanCount
        self.needsToken = needsToken
        self.csrf = csrf
        self.problem = problem
    }
}
