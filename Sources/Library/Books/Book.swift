import Foundation
import ListorKit
import Tagged

/// A book of the library, as the Prolific API describes it, with what Listor adds: an ISBN,
/// the loan it is on (if any), and a version that changes with every edit, for `ETag`s.
public struct Book: Sendable, Hashable, Identifiable {
    /// A book's id: never mistaken for a loan's (`Loan.ID`) or for a count.
    public typealias ID = Tagged<Book, Int64>

    public var id: ID
    public var title: String
    public var author: String
    public var publisher: String?
    /// "fiction, classics": comma separated, as the original API keeps them.
    public var categories: String?
    /// Digits only (and a final X for ISBN-10), checksum verified.
    public var isbn: String?
    /// When the book was last checked out and by whom; kept after it comes back, as the
    /// original API kept them.
    public var lastCheckedOut: Date?
    public var lastCheckedOutBy: String?
    public var version: Int
    /// The open loan: set while the book is out.
    public var loan: Loan?
    /// The hold it is set aside for on the hold shelf, when it is there: only that patron may take it out.
    public var shelfHold: Hold?
    /// Whether a cover was uploaded for it.
    public var hasCover: Bool
    /// The colours taken from the uploaded cover; nil without one.
    public var coverColors: CoverColors?

    public init(id: ID, title: String, author: String, publisher: String? = nil, categories: String? = nil, isbn: String? = nil,
                lastCheckedOut: Date? = nil, lastCheckedOutBy: String? = nil, version: Int = 1, loan: Loan? = nil, shelfHold: Hold? = nil,
                hasCover: Bool = false, coverColors: CoverColors? = nil) {
        self.id = id
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
        self.lastCheckedOut = lastCheckedOut
        self.lastCheckedOutBy = lastCheckedOutBy
        self.version = version
        self.loan = loan
        self.shelfHold = shelfHold
        self.hasCover = hasCover
        self.coverColors = coverColors
    }

    public var isOnLoan: Bool { loan != nil }

    /// Set aside for a patron who holds it, and not out.
    public var isOnHoldShelf: Bool { loan == nil && shelfHold != nil }

    /// On the shelf for anyone to take out.
    public var isAvailable: Bool { loan == nil && shelfHold == nil }

    public func isOverdue(at date: Date) -> Bool {
        guard let loan else { return false }
        return loan.due < date
    }

    /// The categories one by one.
    public var categoryList: [String] {
        (categories ?? "").split(separator: ",").map { String($0).trimmed() }.filter { !$0.isEmpty }
    }
}
