import Foundation
import Library
import Tagged

/// What `library/detail.mustache` shows: the book, who has it, the check-out or check-in form
/// and the loans.
struct BookDetailPage: Encodable {
    struct Fact: Encodable {
        let label: String
        let value: String
    }

    struct LoanLine: Encodable {
        let borrower: String
        let borrowerHref: String
        let text: String
    }

    struct QueueLine: Encodable {
        let place: Int
        let patron: String
        let patronHref: String
        let text: String
        let cancelPath: String
        let isReady: Bool
    }

    let title: String
    let author: String
    let path: String
    let version: Int
    let checkoutText: String
    let dueText: String?
    let hasDue: Bool
    let isOverdue: Bool
    let isOnLoan: Bool
    let facts: [Fact]
    let history: [LoanLine]
    let hasHistory: Bool
    let csrf: String
    let notice: String?
    let problem: String?
    let borrower: String
    /// On the hold shelf, to the staff: for whom, whose name the checkout's field starts with.
    let shelfHolder: String?
    let borrowerError: String?
    let dueError: String?
    let due: String
    let holder: String
    let holderError: String?
    let queue: [QueueLine]
    let hasQueue: Bool
    /// The staff see names, the history and the holds' cancel buttons; visitors a summary.
    let isStaff: Bool
    let queueSummary: String?
    let renewalText: String?
    /// The cover at the page's size and twice it, and the stylesheet of its colours.
    let cover: String
    let cover2x: String
    let colorsHref: String
    let categories: String?

    init(_ detail: BookDetailViewModel, csrf: String, notice: String? = nil, problem: String? = nil, borrower: String = "", borrowerError: String? = nil,
         due: String = "", dueError: String? = nil, holder: String = "", holderError: String? = nil) {
        let book = detail.book
        title = book.title
        author = book.author
        path = "/library/books/\(book.id)"
        version = book.version
        checkoutText = detail.checkoutText
        dueText = detail.dueText
        hasDue = detail.dueText != nil
        isOverdue = detail.isOverdue
        isOnLoan = book.isOnLoan
        facts = detail.facts.map { Fact(label: $0.label, value: $0.value) }
        history = zip(detail.loans, detail.loanTimes).map { loan, times in
            LoanLine(borrower: loan.borrower, borrowerHref: "/library/borrowers/" + (loan.borrower.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                     text: times)
        }
        hasHistory = !history.isEmpty
        self.csrf = csrf
        self.notice = notice
        self.problem = problem
        shelfHolder = detail.audience == .staff && book.isOnHoldShelf ? book.shelfHold?.patronName : nil
        self.borrower = borrower.isEmpty ? shelfHolder ?? "" : borrower
        self.borrowerError = borrowerError
        self.due = due
        self.dueError = dueError
        self.holder = holder
        self.holderError = holderError
        queue = detail.queueLines.enumerated().map { index, line in
            QueueLine(place: index + 1, patron: line.hold.patronName, patronHref: "/library/patrons/\(line.hold.patronID)", text: line.text,
                      cancelPath: "/library/books/\(book.id)/holds/\(line.hold.id)/cancel", isReady: line.hold.state == .ready)
        }
        hasQueue = !queue.isEmpty
        isStaff = detail.audience == .staff
        queueSummary = detail.queueSummary
        renewalText = detail.renewalText
        cover = CoverRendition.medium.path(of: book)
        cover2x = CoverRendition(.medium, scale: 2).path(of: book)
        colorsHref = "/library/books/\(book.id)/colors.css?v=\(book.version)"
        categories = book.categories
    }
}
