import ListorKit

/// A book as someone typed it into a form or a request: every field raw. `validated()` is the
/// seed's AddBookValidator: title and author required, everything trimmed, lengths bounded,
/// categories tidied, an ISBN checked.
public struct BookForm: Sendable, Hashable {
    public var title: String
    public var author: String
    public var publisher: String
    public var categories: String
    public var isbn: String

    public static let maximumTitleLength = 300
    public static let maximumNameLength = 200
    public static let maximumCategoriesLength = 500

    public init(title: String = "", author: String = "", publisher: String = "", categories: String = "", isbn: String = "") {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.categories = categories
        self.isbn = isbn
    }

    /// The form as a book already has it, for editing.
    public init(_ book: Book) {
        self.init(title: book.title, author: book.author, publisher: book.publisher ?? "", categories: book.categories ?? "", isbn: book.isbn ?? "")
    }

    /// The checked fields, or every problem at once, a message per field.
    public func validated() -> Result<BookFields, FieldErrors> {
        var errors: [FieldError] = []
        func text(_ value: String, _ field: String, required: Bool, limit: Int) -> String? {
            TextInput.text(value, field, required: required, limit: limit, errors: &errors)
        }
        let title = text(title, "title", required: true, limit: Self.maximumTitleLength)
        let author = text(author, "author", required: true, limit: Self.maximumNameLength)
        let publisher = text(publisher, "publisher", required: false, limit: Self.maximumNameLength)
        // Tidied first, then bounded: "a,b" becomes "a, b", and what is stored must fit the limit,
        // or an edit of another field would later fail on it.
        // A hidden character is named as typed, before tidying could trim it away.
        var categories: String?
        if let hidden = HiddenCharacter.first(in: self.categories.trimmed()) {
            errors.append(FieldError(field: "categories", message: hidden.description))
        } else {
            let tidied = self.categories.split(separator: ",").map { String($0).trimmed() }.filter { !$0.isEmpty }.joined(separator: ", ")
            categories = text(tidied, "categories", required: false, limit: Self.maximumCategoriesLength)
        }
        var isbn: String?
        let isbnText = self.isbn.trimmed()
        if !isbnText.isEmpty {
            do { isbn = try ISBN(isbnText).digits } catch {
                errors.append(FieldError(field: "isbn", message: "\"\(isbnText.prefix(40))\" \(error)"))
            }
        }
        guard errors.isEmpty, let title, let author else { return .failure(FieldErrors(errors)) }
        return .success(BookFields(title: title, author: author, publisher: publisher, categories: categories?.isEmpty == true ? nil : categories, isbn: isbn))
    }

    /// The checked fields and, when a borrower is given, their checked name: every problem of
    /// both at once, so that a request adding a book checked out to a bad name writes nothing.
    public func validated(borrower: String?) -> Result<(BookFields, String?), FieldErrors> {
        let fields = validated()
        let name = borrower.map(Self.borrower)
        switch (fields, name) {
        case (.success(let fields), nil): return .success((fields, nil))
        case (.success(let fields), .success(let name)?): return .success((fields, name))
        case (.failure(let problems), nil), (.failure(let problems), .success?), (.success, .failure(let problems)?): return .failure(problems)
        case (.failure(let problems), .failure(let more)?): return .failure(FieldErrors(problems.errors + more.errors))
        }
    }

    /// A borrower's name, trimmed and bounded: who checks a book out.
    public static func borrower(_ name: String) -> Result<String, FieldErrors> {
        let trimmed = name.trimmed()
        func refused(_ message: String) -> Result<String, FieldErrors> { .failure(FieldErrors([FieldError(field: "lastCheckedOutBy", message: message)])) }
        if trimmed.isEmpty { return refused("is required: who is checking the book out?") }
        if trimmed.count > maximumNameLength { return refused("is \(trimmed.count) characters long; the limit is \(maximumNameLength)") }
        if let hidden = HiddenCharacter.first(in: trimmed) { return refused(hidden.description) }
        return .success(trimmed)
    }
}
