import Foundation
import ListorKit

/// One book: its facts, who has it in the seed's words, and its loans. What the reader does to
/// it is `BookActions`, which needs only its id.
public struct BookDetailViewModel: Sendable {
    /// A fact about the book, shown as a label and a value: "ISBN 9780441172719".
    public struct Fact: Sendable, Hashable {
        public let label: String
        public let value: String
    }

    public let book: Book
    /// The book's loans, newest first.
    public let loans: [Loan]
    /// Its holds, first come first.
    public let queue: [Hold]
    /// Loans a remote library sent that could not be read.
    public let problems: [Problem]
    /// Visitors see no names: not who has the book nor who had it, nor who waits for it.
    public let audience: Audience
    private let now: Date
    private let timeZone: TimeZone

    public init(book: Book, loans: [Loan] = [], queue: [Hold] = [], problems: [Problem] = [], now: Date, timeZone: TimeZone, audience: Audience = .staff) {
        self.book = book
        self.loans = audience == .staff ? loans : []
        self.queue = queue
        self.problems = problems
        self.now = now
        self.timeZone = timeZone
        self.audience = audience
    }

    /// The book, its loans (the staff's alone) and its queue; throws `LibraryError.notFound`
    /// when there is no such book.
    public static func load(_ id: Book.ID, from library: any LibraryService, now: Date, timeZone: TimeZone, audience: Audience = .staff) async throws -> BookDetailViewModel {
        // The queue first: reading it lets holds not collected in time expire, which changes the book.
        let queue: [Hold]
        do { queue = try await library.queue(of: id) } catch is RemoteLibraryError {
            queue = []  // A server of the original API keeps no holds.
        }
        let book = try await library.book(id: id)
        guard audience == .staff else { return BookDetailViewModel(book: book, queue: queue, now: now, timeZone: timeZone, audience: audience) }
        let loans = try await library.loans(.book(id))
        return BookDetailViewModel(book: book, loans: loans.items, queue: queue, problems: loans.problems, now: now, timeZone: timeZone)
    }

    /// What visitors are told of the queue: "2 patrons are waiting for it", "Set aside for a
    /// patron until Nov 30, 2026 at 4:06 PM"; nil when nobody waits.
    public var queueSummary: String? {
        guard !queue.isEmpty else { return nil }
        if let ready = queue.first(where: { $0.state == .ready }) {
            let waiting = queue.count - 1
            return "Set aside for a patron until \(ready.expires.map { BookDates.long($0, timeZone: timeZone) } ?? "collected")"
                + (waiting > 0 ? "; \(waiting) more waiting" : "")
        }
        return queue.count == 1 ? "1 patron is waiting for it" : "\(queue.count) patrons are waiting for it"
    }

    /// Each hold of the queue as one line: "Ben · set aside until Nov 30, 2026 at 4:06 PM", "Cy · waiting since Nov 26, 2026 at 9:00 AM".
    public var queueLines: [(hold: Hold, text: String)] {
        queue.map { hold in
            let text = hold.state == .ready
                ? "set aside until \(hold.expires.map { BookDates.long($0, timeZone: timeZone) } ?? "collected")"
                : "waiting since \(BookDates.long(hold.placed, timeZone: timeZone))"
            return (hold, text)
        }
    }

    /// "Renewed twice; 2 renewals are the most a loan may have", or nil for a loan never renewed.
    public var renewalText: String? {
        guard let renewals = book.loan?.renewals, renewals > 0 else { return nil }
        return renewals == 1 ? "Renewed once" : "Renewed \(renewals) times"
    }

    // MARK: - What it shows

    /// "Checked out by Ann on Nov 3, 2026 at 4:06 PM", or that the book is on the shelf.
    public var checkoutText: String {
        if book.loan == nil, let hold = book.shelfHold { return BookListViewModel.holdShelfText(hold, audience: audience, timeZone: timeZone) }
        if audience == .visitors || book.loan?.borrower.isEmpty == true { return book.isOnLoan ? "On loan" : "Available" }
        if let loan = book.loan {
            return "Checked out by \(loan.borrower) on \(BookDates.long(loan.checkedOut, timeZone: timeZone))"
        }
        if let by = book.lastCheckedOutBy, let date = book.lastCheckedOut {
            return "Available. Last checked out by \(by) on \(BookDates.long(date, timeZone: timeZone))"
        }
        return "Available. Never checked out"
    }

    /// "Due Nov 17, 2026", "Overdue since Nov 17, 2026"; nil on the shelf.
    public var dueText: String? {
        guard let dueDate else { return nil }
        return (isOverdue ? "Overdue since " : "Due ") + dueDate
    }

    /// "Nov 17, 2026": when the book is due back; nil on the shelf.
    public var dueDate: String? {
        book.loan.map { BookDates.day($0.due, timeZone: timeZone) }
    }

    public var isOverdue: Bool { book.isOverdue(at: now) }

    /// Publisher, categories and ISBN, those the book has.
    public var facts: [Fact] {
        [("Publisher", book.publisher), ("Categories", book.categories), ("ISBN", book.isbn)].compactMap { label, value in
            value.map { Fact(label: label, value: $0) }
        }
    }

    /// Each loan as one line: "Ann · Nov 3, 2026 at 4:06 PM → Nov 6, 2026 at 9:00 AM".
    public var history: [String] {
        zip(loans, loanTimes).map { "\($0.borrower) · \($1)" }
    }

    /// When each loan went out and came back: "Nov 3, 2026 at 4:06 PM → still out".
    public var loanTimes: [String] {
        loans.map { loan in
            let out = BookDates.long(loan.checkedOut, timeZone: timeZone)
            let back = loan.returned.map { BookDates.long($0, timeZone: timeZone) } ?? "still out"
            return "\(out) → \(back)"
        }
    }

    /// "1 loan", "3 loans": what deleting the book takes with it.
    public var loanCount: String {
        loans.count == 1 ? "1 loan" : "\(loans.count) loans"
    }
}
