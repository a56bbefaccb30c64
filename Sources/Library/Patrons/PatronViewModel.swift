import Foundation
import ListorKit

/// One patron as the librarian sees them: their record, what they have, what they have had, and
/// their holds, with dates in the reader's time zone.
public struct PatronViewModel: Sendable {
    public struct LoanRow: Sendable, Hashable {
        public let bookID: Book.ID
        public let checkedOut: String
        public let due: String
        public let returned: String?
        public let isOverdue: Bool
        public let renewals: Int
    }

    public struct HoldRow: Sendable, Hashable {
        public let hold: Hold
        /// "waiting", "set aside until Nov 30, 2026 at 4:06 PM", "collected", …
        public let state: String
    }

    public let patron: Patron
    /// "child: 21-day loans, 5 books at once, 1 renewal"; nil for a patron of no category.
    public let category: String?
    /// The books out now, then the loans that ended, newest first.
    public let current: [LoanRow]
    public let past: [LoanRow]
    public let holds: [HoldRow]

    public static func load(_ id: Patron.ID, from library: any LibraryService, now: Date, timeZone: TimeZone) async throws -> PatronViewModel {
        let patron = try await library.patron(id: id)
        let loans = try await library.loans(.patron(id)).items
        let holds = try await library.holds(of: id)
        func row(_ loan: Loan) -> LoanRow {
            // As the book pages write them: "Nov 27, 2026 at 9:19 PM", due "Dec 11, 2026".
            LoanRow(bookID: loan.bookID, checkedOut: BookDates.long(loan.checkedOut, timeZone: timeZone), due: BookDates.day(loan.due, timeZone: timeZone),
                    returned: loan.returned.map { BookDates.long($0, timeZone: timeZone) }, isOverdue: loan.isOpen && loan.due < now, renewals: loan.renewals)
        }
        let category = patron.category.map { name in
            library.categories.first { $0.name == name }.map { "\(name): \($0.rules)" }
                ?? (library.categories.isEmpty ? name : "\(name) (no longer one of the library's categories: its own rules apply)")
        }
        return PatronViewModel(
            patron: patron, category: category, current: loans.filter(\.isOpen).map(row), past: loans.filter { !$0.isOpen }.map(row),
            holds: holds.map { hold in
                HoldRow(hold: hold, state: hold.state == .ready ? "set aside until \(hold.expires.map { BookDates.long($0, timeZone: timeZone) } ?? "?")" : hold.state.rawValue)
            })
    }
}
