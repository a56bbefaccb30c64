import ListorKit

/// What came of something the reader did to a book: done, or refused with why. A refusal wrote
/// nothing. Views only present it: a page, a redirect, a line on standard error, a JSON answer.
///
/// A book that does not exist and a library that cannot be reached are not outcomes: they are
/// thrown (`LibraryError.notFound`, `LibraryStoreError`, `NetworkError`), as every view shows
/// them the same way.
public enum BookOutcome: Sendable, Hashable {
    /// Done; the book as it is now (nil once deleted).
    case done(Book?)
    /// What was typed does not do: a message per field.
    case invalid(FieldErrors)
    /// The book is out with someone else (`LibraryError.onLoan`, naming them), or not out at
    /// all when checking in (`.notOnLoan`).
    case conflict(LibraryError)
    /// The book changed since the reader saw it (`LibraryError.versionMismatch`, with the version now).
    case stale(LibraryError)

    /// The refusal as the error that says it: what an API answers and the command line prints.
    public var refusal: (any Error)? {
        switch self {
        case .done: nil
        case .invalid(let errors): errors
        case .conflict(let error), .stale(let error): error
        }
    }

    /// Each thing wrong, as a line: "title: is required", "book 4 is already checked out by Ann".
    public var problems: [String] {
        switch self {
        case .done: []
        case .invalid(let errors): errors.errors.map(\.description)
        case .conflict(let error), .stale(let error): [error.description]
        }
    }

    /// Runs a library call and sorts its refusals into outcomes; anything else is thrown.
    static func of(_ action: () async throws -> Book?) async throws -> BookOutcome {
        do {
            return .done(try await action())
        } catch let errors as FieldErrors {
            return .invalid(errors)
        } catch let error as LibraryError {
            switch error {
            case .notFound, .patronNotFound, .cardNotFound, .holdNotFound: throw error
            case .onLoan, .notOnLoan, .cardTaken, .loanLimit, .held, .renewalLimit, .renewalHeld, .alreadyHolds, .holdsOwnLoan, .patronBusy: return .conflict(error)
            case .versionMismatch, .patronChanged: return .stale(error)
            }
        }
    }
}
