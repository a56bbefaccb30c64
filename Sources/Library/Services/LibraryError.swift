import Foundation

/// What the library refuses, in words a person can act on.
public enum LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(id: Book.ID)
    case onLoan(id: Book.ID, borrower: String, since: Date)
    case notOnLoan(id: Book.ID)
    case versionMismatch(id: Book.ID, current: Int)

    public var description: String {
        switch self {
        case .notFound(let id): "there is no book \(id)"
        case .onLoan(let id, let borrower, _): "book \(id) is already checked out by \(borrower)"
        case .notOnLoan(let id): "book \(id) is not checked out"
        case .versionMismatch(let id, let current): "book \(id) has changed since it was read (it is now version \(current)); read it again"
        }
    }
}
