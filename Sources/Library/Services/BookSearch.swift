import ListorKit

/// How a book is found by its words, the same in every store: the title, author, publisher and
/// categories are folded (case, diacritics and width: "Brontë" is "bronte") and cut into words
/// at anything that is not a letter or a digit; a search matches a book when each of its words
/// begins one of the book's ("bron jane" finds "Jane Eyre" by Charlotte Brontë).
///
/// Stores index `words(of:)` (SQLite in FTS5, PostgreSQL in a GIN index over a `tsvector`) and
/// look up `terms(of:)` as prefixes, so that both answer as `matches(_:_:)` does in memory.
public enum BookSearch {
    /// The book's words, folded, separated by single spaces.
    public static func words(of fields: BookFields) -> String {
        words(in: [fields.title, fields.author, fields.publisher ?? "", fields.categories ?? ""].joined(separator: " ")).joined(separator: " ")
    }

    /// The words of a search, folded; none for a search of spaces or punctuation.
    public static func terms(of search: String) -> [String] {
        words(in: search)
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
