import ListorKit

/// What a list of books is asked for by parameters: the query (`search`, `status`) and the page
/// (`page`, `per_page`).
public struct BookListRequest: Sendable, Hashable {
    public var query: BookQuery
    public var page: Int
    public var perPage: Int

    public init(query: BookQuery = BookQuery(), page: Int = 1, perPage: Int = BookPage.defaultSize) {
        self.query = query
        self.page = page
        self.perPage = perPage
    }

    /// The request from parameters by name; each bad one is reported and left at its default.
    public static func parse(_ parameter: @escaping (String) -> String?) -> (BookListRequest, [FieldError]) {
        var reader = ParameterReader(parameter)
        var request = BookListRequest()
        request.query.search = parameter("search") ?? ""
        request.query.status = reader.choice("status", BookQuery.Status.self) ?? .all
        request.page = reader.count("page", 1...Int(Int32.max)) ?? 1
        request.perPage = reader.count("per_page", 1...BookPage.maximumSize) ?? BookPage.defaultSize
        return (request, reader.errors)
    }
}
