import Foundation
import ListorKit

/// The overdue letter to print for a patron, for those who take no email: the same words as
/// the email, one paragraph a book, laid out for a window envelope: the library's address in
/// one line above the patron's, which shows through the window.
public struct OverdueLetterViewModel: Sendable {
    public let patron: Patron
    /// "Prolific Library · 1 Main St · Springfield": the return address, small, above the
    /// recipient's; empty when the library gave none.
    public let returnLine: String
    /// The patron's name and postal address, line by line.
    public let recipient: [String]
    /// True when the patron has no postal address: the letter can be handed over, not posted.
    public var lacksAddress: Bool { patron.address == nil }
    /// "Friday, November 27, 2026".
    public let date: String
    public let greeting: String
    public let paragraphs: [String]
    public let signature: String

    public var isEmpty: Bool { paragraphs.isEmpty }

    public static func load(_ id: Patron.ID, from library: any LibraryService, letters: ReminderLetters, now: Date) async throws -> OverdueLetterViewModel {
        let patron = try await library.patron(id: id)
        let overdue = try await library.loans(.patron(id)).items.filter { $0.isOpen && $0.due < now }.sorted { $0.due < $1.due }
        let books = Dictionary(try await library.books(ids: overdue.map(\.bookID)).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return OverdueLetterViewModel(
            patron: patron, returnLine: letters.returnAddress.joined(separator: " · "),
            recipient: [patron.name] + (patron.address?.split(separator: "\n").map(String.init) ?? patron.card.map { ["Card \($0)"] } ?? []),
            date: letters.day(now), greeting: "Dear \(patron.name),",
            paragraphs: overdue.map { loan in
                let title = books[loan.bookID].map { "“\($0.title)” by \($0.author)" } ?? "Book \(loan.bookID)"
                return letters.overdueText(title: title, loan: loan, number: 1)
            },
            signature: letters.library)
    }
}
