import ListorKit

/// How a book is found by its words, the same in every store: the title, author, publisher and
/// categories are folded (case, diacritics and width: "Brontë" is "bronte") and cut into words
/// at anything that is not a letter or a digit; its ISBN is a word in both its forms, ISBN-13 and
/// ISBN-10. A search matches a book when each of its words begins one of the book's ("bron jane"
/// finds "Jane Eyre" by Charlotte Brontë; "9780141439518", "978-0-14-143951-8" and "0141439513"
/// the same book). Never by who has it: a search anyone may make must not tell what a reader
/// reads (the ALA's and IFLA's codes); the librarian finds a patron's loans on the patron.
///
/// Stores index `words(of:)` (SQLite in FTS5, PostgreSQL in a GIN index over a `tsvector`),
/// again whenever a book is lent or returned, and look up `terms(of:)` as prefixes, so that
/// both answer as `matches(_:_:)` does in memory.
public enum BookSearch {
    /// The book's words, folded, separated by single spaces.
    public static func words(of book: Book) -> String {
        words(of: BookFields(book))
    }

    /// The words of `fields`, folded, separated by single spaces.
    public static func words(of fields: BookFields) -> String {
        let text = [fields.title, fields.author, fields.publisher ?? "", fields.categories ?? ""].joined(separator: " ")
        return (words(in: text) + isbnForms(fields.isbn)).joined(separator: " ")
    }

    /// The words of a search, folded; none for a search of spaces or punctuation. An ISBN typed
    /// with hyphens or spaces is one term, its digits.
    public static func terms(of search: String) -> [String] {
        if let isbn = try? ISBN(search) { return [isbn.digits.lowercased()] }
        return search.split(whereSeparator: \.isWhitespace).flatMap { token -> [String] in
            if token.contains("-"), let isbn = try? ISBN(String(token)) { return [isbn.digits.lowercased()] }
            return words(in: String(token))
        }
    }

    /// An ISBN as the words it is found by: its digits, and those of its other form (an ISBN-10
    /// and the ISBN-13 "978" makes of it).
    static func isbnForms(_ isbn: String?) -> [String] {
        guard let isbn, let isbn = try? ISBN(isbn) else { return [] }
        return ([isbn.thirteen] + (isbn.ten.map { [$0] } ?? [])).map { $0.lowercased() }
    }

    /// Whether every term begins one of `words`.
    public static func matches(_ terms: [String], _ words: [String]) -> Bool {
        terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }

    /// `text` folded and cut at every character that is neither a letter nor a digit.
    static func words(in text: String) -> [String] {
        FoldedText.fold(text).lowercased()
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }

    /// An FTS5 query for `terms`: each one quoted, as a prefix (`"bron"* "jane"*`). The terms
    /// hold only letters and digits, so no quote can end up inside one.
    public static func fts5Query(_ terms: [String]) -> String {
        terms.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    /// A PostgreSQL `tsquery` for `terms` (`bron:* & jane:*`), for `to_tsquery('simple', …)`.
    public static func tsQuery(_ terms: [String]) -> String {
        terms.map { "\($0):*" }.joined(separator: " & ")
    }
}
