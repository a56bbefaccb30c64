import HTTPTypes

extension HTTPField.Name {
    /// How many items match across every page of a paged API answer.
    static let totalCount = Self("X-Total-Count")!
    /// RFC 8288 links to the other pages.
    static let link = Self("Link")!
}
