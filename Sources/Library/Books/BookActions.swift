import Foundation
import ListorKit

/// What the reader does to a book, given its id: check it out, check it in, change its cover,
/// delete it. Each is one write to the library and comes back as a `BookOutcome`; nothing is
/// read first, since the library refuses what it must (a book out with someone else, a version
/// that moved on) in the write itself, and the refusal says why.
public struct BookActions: Sendable {
    private let library: any LibraryService

    public init(library: any LibraryService) {
        self.library = library
    }

    /// The reader checks the book out to `borrower`; refused when the name will not do or
    /// someone has the book (the outcome names them), or as stale when it changed since
    /// `version` (nil for any).
    public func checkOut(id: Book.ID, by borrower: String, ifVersion version: Int? = nil) async throws -> BookOutcome {
        try await BookOutcome.of { try await library.checkOut(id: id, borrower: borrower, ifVersion: version) }
    }

    /// The reader brings the book back; refused when it is not out.
    public func checkIn(id: Book.ID) async throws -> BookOutcome {
        try await BookOutcome.of { try await library.checkIn(id: id) }
    }

    /// The reader gives the book a new cover (a JPEG or PNG, checked by decoding it), or takes its
    /// cover away; refused when the picture will not do, or as stale when the book changed since
    /// `version` (nil for any).
    public func changeCover(id: Book.ID, _ edit: CoverEdit, ifVersion version: Int? = nil) async throws -> BookOutcome {
        try await BookOutcome.of { try await library.edit(id: id, BookChanges(), checkedOutBy: nil, cover: edit, ifVersion: version) }
    }

    /// The reader deletes the book and its loans, as it was at `version` (the one they confirmed;
    /// nil for whatever it is now); refused as stale when it has changed since.
    public func delete(id: Book.ID, version: Int?) async throws -> BookOutcome {
        try await BookOutcome.of {
            try await library.delete(id: id, ifVersion: version)
            return nil
        }
    }
}
