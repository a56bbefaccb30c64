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
        /// "waiting", "set aside until 2026-11-30 16:06", "collected", …
        public let state: String
    }

    public let patron: Patron
    /// The books out now, then the loans that ended, newest first.
    public let current: [LoanRow]
    public let past: [LoanRow]
    public let holds: [HoldRow]

    public static func load(_ id: Patron.ID, from library: any LibraryService, now: Date, timeZone: TimeZone) async throws -> PatronViewModel {
        let patron = try await library.patron(id: id)
        let loans = try await library.loans(.patron(id)).items
        let holds = try await library.holds(of: id)
        func row(_ loan: Loan) -> LoanRow {
            LoanRow(bookID: loan.bookID, checkedOut: DateText.dateTime(loan.checkedOut, timeZone: timeZone, seconds: false), due: DateText.dateTime(loan.due, timeZone: timeZone, seconds: false),
                    returned: loan.returned.map { DateText.dateTime($0, timeZone: timeZone, seconds: false) }, isOverdue: loan.isOpen && loan.due < now, renewals: loan.renewals)
        }
        return PatronViewModel(
            patron: patron, current: loans.filter(\.isOpen).map(row), past: loans.filter { !$0.isOpen }.map(row),
            holds: holds.map { hold in
                HoldRow(hold: hold, state: hold.state == .ready ? "set aside until \(hold.expires.map { DateText.dateTime($0, timeZone: timeZone, seconds: false) } ?? "?")" : hold.state.rawValue)
            })
    }
}
