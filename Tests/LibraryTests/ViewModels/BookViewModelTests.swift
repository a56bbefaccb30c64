import Foundation
import ListorKit
import Tagged
import Testing
@testable import Library

/// What the view models say, with a library that fails the test if it is touched.
@Suite struct BookViewModelTests {
    static let library = UnimplementedLibrary()

    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    /// 2026-11-03 21:06 UTC: 4:06 PM in New York.
    static let checkedOut = Date(timeIntervalSince1970: 1_793_739_960)

    static func book(onLoanFor days: Double? = nil) -> Book {
        Book(id: 1, title: "Dune", author: "Frank Herbert", lastCheckedOut: checkedOut, lastCheckedOutBy: "Ann",
             loan: days.map { Loan(id: 1, bookID: 1, borrower: "Ann", checkedOut: checkedOut, due: checkedOut.addingTimeInterval($0 * 86400)) })
    }

    @Test func theDetailSaysWhoHasItInTheReadersTimeZone() {
        let detail = BookDetailViewModel(book: Self.book(onLoanFor: 14), loans: [], now: Self.checkedOut.addingTimeInterval(3600), timeZone: Self.newYork)
        #expect(detail.checkoutText == "Checked out by Ann on Nov 3, 2026 at 4:06 PM")
        #expect(detail.dueText == "Due Nov 17, 2026")
        let overdue = BookDetailViewModel(book: Self.book(onLoanFor: 14), loans: [], now: Self.checkedOut.addingTimeInterval(20 * 86400), timeZone: Self.utc)
        #expect(overdue.dueText == "Overdue since Nov 17, 2026")
        #expect(overdue.isOverdue && !detail.isOverdue)
        let back = BookDetailViewModel(book: Self.book(), loans: [], now: Self.checkedOut, timeZone: Self.utc)
        #expect(back.checkoutText == "Available. Last checked out by Ann on Nov 3, 2026 at 9:06 PM")
        #expect(back.dueText == nil && back.dueDate == nil)
        #expect(back.facts.isEmpty)
        #expect(back.loanCount == "0 loans")
    }

    static let ages: [(seconds: Double, text: String)] = [
        (30, "just now"), (300, "5 min ago"), (10_860, "3 h ago"), (93_600, "yesterday"), (345_600, "4 days ago"), (2_592_000, "Nov 3, 2026"),
    ]

    @Test(arguments: ages)
    func listsSayHowLongAgo(seconds: Double, text: String) {
        #expect(BookDates.relative(Self.checkedOut, now: Self.checkedOut.addingTimeInterval(seconds), timeZone: Self.utc) == text)
    }

    @Test func theListSaysEachBooksStatusAndWhyItIsEmpty() {
        let now = Self.checkedOut.addingTimeInterval(5 * 60)
        let list = BookListViewModel(page: Self.page([Self.book(onLoanFor: 14), Book(id: 2, title: "Emma", author: "Jane Austen")], total: 2), query: BookQuery(), now: now, timeZone: Self.utc)
        #expect(list.rows.map(\.status) == ["Checked out by Ann 5 min ago", "Available"])
        #expect(list.summary == "2 books")
        let late = BookListViewModel(page: Self.page([Self.book(onLoanFor: 14)], total: 2), query: BookQuery(status: .overdue), now: now.addingTimeInterval(15 * 86400), timeZone: Self.utc)
        #expect(late.rows.first?.status == "Overdue: Ann, due Nov 17, 2026")
        #expect(late.summary == "1 of 2 books")
        #expect(BookListViewModel(page: Self.page([], total: 2), query: BookQuery(search: "zzz"), now: now, timeZone: Self.utc).emptyMessage == "No books match \u{201C}zzz\u{201D}.")
        #expect(BookListViewModel(page: Self.page([], total: 0), query: BookQuery(), now: now, timeZone: Self.utc).emptyMessage == "The library has no books yet. Add the first one.")
        #expect(late.statusChoices.map(\.label) == ["All books", "On the shelf", "On the hold shelf", "Checked out", "Overdue"])
        #expect(late.statusChoices.filter(\.isSelected).map(\.status) == [.overdue])
        #expect(late.rows.map(\.isOverdue) == [true])
    }

    /// One page holding every book matching.
    static func page(_ books: [Book], total: Int) -> BookPage {
        BookPage(books: books, number: 1, size: BookPage.defaultSize, matching: books.count, total: total)
    }

    @Test func aLongListSaysWhichBooksThePageShowsAndWhereTheOthersAre() {
        let books = (51...100).map { Book(id: Book.ID(rawValue: Int64($0)), title: "Book \($0)", author: "Someone") }
        let middle = BookListViewModel(page: BookPage(books: books, number: 2, size: 50, matching: 1200, total: 1200), query: BookQuery(), now: Self.checkedOut, timeZone: Self.utc)
        #expect(middle.summary == "51\u{2013}100 of 1200 books")
        #expect((middle.previousPage, middle.nextPage, middle.pageCount) == (1, 3, 24))
        let found = BookListViewModel(page: BookPage(books: Array(books.prefix(10)), number: 7, size: 50, matching: 310, total: 100_000),
                                      query: BookQuery(search: "sea"), now: Self.checkedOut, timeZone: Self.utc)
        #expect(found.summary == "301\u{2013}310 of 310 matching, of 100000 books")
        #expect(found.nextPage == nil)
        #expect(found.previousPage == 6)
    }

    @Test func theFormKnowsWhenLeavingWouldLoseWorkAndWhatChanged() {
        var form = BookFormViewModel(editing: Self.book(), library: Self.library)
        #expect(!form.hasUnsavedChanges)
        form.form.title = "Dune Messiah"
        #expect(form.hasUnsavedChanges)
        #expect(form.changes == BookChanges(title: "Dune Messiah"), "only what the reader changed is written")
    }

    @Test func aBorrowersPageSaysWhatIsOutAndWhatIsLate() {
        let back = Loan(id: 1, bookID: 1, borrower: "Ann", checkedOut: Self.checkedOut, due: Self.checkedOut.addingTimeInterval(14 * 86400),
                        returned: Self.checkedOut.addingTimeInterval(86400))
        let late = Loan(id: 2, bookID: 2, borrower: "Ann", checkedOut: Self.checkedOut, due: Self.checkedOut.addingTimeInterval(14 * 86400))
        let borrower = BorrowerViewModel(name: "Ann", loans: [late, back], titles: [1: "Dune"], now: Self.checkedOut.addingTimeInterval(20 * 86400), timeZone: Self.utc)
        #expect(borrower.summary == "2 loans, 1 still out")
        #expect(borrower.lines.map(\.title) == ["Book 2", "Dune"])
        #expect(borrower.lines.first?.text == "Nov 3, 2026 at 9:06 PM, overdue since Nov 17, 2026")
        #expect(borrower.lines.last?.text == "Nov 3, 2026 at 9:06 PM → Nov 4, 2026 at 9:06 PM")
        #expect(BorrowerViewModel(name: "Bo", loans: [], titles: [:], now: Self.checkedOut, timeZone: Self.utc).summary == "Bo has never borrowed a book.")
    }
}
