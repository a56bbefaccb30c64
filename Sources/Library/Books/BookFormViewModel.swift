import Foundation
import ListorKit

/// The add and edit form: what was typed, the problems with it, whether leaving would lose it,
/// and saving it.
public struct BookFormViewModel: Sendable {
    public var form: BookForm
    /// What the form started with: empty to add, the book's fields to edit.
    public let original: BookForm
    /// The book being edited; nil when adding.
    public let book: Book?
    /// Problems beside their fields, by field name.
    public private(set) var errors: [String: String] = [:]
    /// Why the form came back, said above it.
    public private(set) var problem: String?
    private let library: any LibraryService

    public init(editing book: Book? = nil, library: any LibraryService) {
        let start = book.map(BookForm.init) ?? BookForm()
        form = start
        original = start
        self.book = book
        self.library = library
    }

    /// Whether leaving now would lose what was typed.
    public var hasUnsavedChanges: Bool { form != original }

    /// The reader saves: a new book is added; an edited one gets the fields the reader changed,
    /// provided it is still at `version` (the one the form was filled from; nil for any).
    /// Refused when a field will not do (each kept for its field) or the book changed meanwhile.
    ///
    /// `cover` uploads a picture with the fields, or takes the book's away; `borrower`, as the
    /// original clients sent it, checks the book out. Either is part of the same write: the book
    /// is saved with its cover and lent, or nothing is.
    public mutating func save(ifVersion version: Int? = nil, cover: CoverEdit? = nil, checkingOutTo borrower: String? = nil) async throws -> BookOutcome {
        let outcome: BookOutcome
        if let book {
            let changes = changes
            outcome = try await BookOutcome.of { [library] in
                try await library.edit(id: book.id, changes, checkedOutBy: borrower, cover: cover, ifVersion: version)
            }
        } else {
            let form = form
            var upload: [UInt8]?
            if case .upload(let bytes)? = cover { upload = bytes }
            outcome = try await BookOutcome.of { [library] in try await library.add(form, checkedOutBy: borrower, cover: upload) }
        }
        switch outcome {
        case .done:
            errors = [:]
            problem = nil
        case .invalid(let problems):
            errors = Dictionary(problems.errors.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
            problem = "The book was not saved; see the fields marked below."
        case .stale:
            problem = "Someone changed this book while you were editing it. Your changes are below; the page now has the new version, so saving again keeps yours."
        case .conflict(let error):
            problem = "The book was not saved: \(error)."
        }
        return outcome
    }

    /// The fields the reader changed: a field left as it was is not written, so an edit made
    /// meanwhile to another field survives.
    var changes: BookChanges {
        func changed(_ value: String, _ before: String) -> String? { value == before ? nil : value }
        return BookChanges(title: changed(form.title, original.title), author: changed(form.author, original.author),
                           publisher: changed(form.publisher, original.publisher), categories: changed(form.categories, original.categories),
                           isbn: changed(form.isbn, original.isbn))
    }
}
