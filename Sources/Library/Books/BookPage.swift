import ListorKit

/// One page of the books matching a query, with how many match and how many there are in all.
public struct BookPage: Sendable {
    /// Fifty to a page unless asked otherwise; never more than `maximumSize`.
    public static let defaultSize = 50
    public static let maximumSize = 500

    public let books: [Book]
    /// From 1; a page past the last is the last.
    public let number: Int
    public let size: Int
    /// How many books match the query, on every page.
    public let matching: Int
    /// How many books the library has, whatever the query.
    public let total: Int
    /// Books a remote library sent that could not be read.
    public let problems: [Problem]

    public init(books: [Book], number: Int, size: Int, matching: Int, total: Int, problems: [Problem] = []) {
        self.books = books
        self.number = number
        self.size = size
        self.matching = matching
        self.total = total
        self.problems = problems
    }

    /// At least 1, even when nothing matches.
    public var count: Int { Self.count(matching: matching, size: size) }

    /// The position of the page's first book, from 0.
    public var offset: Int { (number - 1) * size }

    static func count(matching: Int, size: Int) -> Int { max(1, (matching + size - 1) / size) }

    /// Page `number` of `size`, moved to the last page when past it.
    public static func clamped(_ number: Int, size: Int, matching: Int) -> Int {
        min(max(1, number), count(matching: matching, size: size))
    }
}
