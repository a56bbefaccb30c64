import ListorKit

/// How a patron is found, the same in every store: by any part of their name, card, email or
/// phone, folded as books' words are ("brontë" finds "Brontë"); every term of a search must be
/// found.
public enum PatronSearch {
    /// The patron's words, folded, separated by single spaces.
    public static func words(of fields: PatronFields) -> String {
        BookSearch.words(in: [fields.name, fields.card ?? "", fields.email ?? "", fields.phone ?? ""].joined(separator: " ")).joined(separator: " ")
    }

    /// The terms of a search, folded.
    public static func terms(of search: String) -> [String] {
        BookSearch.words(in: search)
    }

    /// A name as names are compared: folded, its words single-spaced.
    public static func key(of name: String) -> String {
        BookSearch.words(in: name).joined(separator: " ")
    }
}
