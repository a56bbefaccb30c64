import Library
import Tagged

/// What `library/borrower.mustache` shows: one borrower's loans.
struct BorrowerPage: Encodable {
    struct LoanLine: Encodable {
        let title: String
        let href: String
        let text: String
        let isOpen: Bool
    }

    let name: String
    let summary: String
    let loans: [LoanLine]
    let hasLoans: Bool

    init(_ borrower: BorrowerViewModel) {
        name = borrower.name
        summary = borrower.summary
        loans = borrower.lines.map { LoanLine(title: $0.title, href: "/library/books/\($0.bookID)", text: $0.text, isOpen: $0.isOpen) }
        hasLoans = !loans.isEmpty
    }
}
