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
    public static func parse(_ parameter: (String) -> String?) -> (BookListRequest, [FieldError]) {
        var request = BookListRequest()
        var errors: [FieldError] = []
        func text(_ name: String) -> String? {
            guard let value = parameter(name)?.trimmed(), !value.isEmpty else { return nil }
            return value
        }
        func count(_ name: String, _ range: ClosedRange<Int>) -> Int? {
            guard let value = text(name) else { return nil }
            guard let number = Int(value), range.contains(number) else {
                errors.append(FieldError(field: name, message: "\"\(value.prefix(20))\" is not a whole number from \(range.lowerBound) to \(range.upperBound)"))
                return nil
            }
            return number
        }
        request.query.search = parameter("search") ?? ""
        if let status = text("status") {
            if let known = BookQuery.Status(rawValue: status) { request.query.status = known } else {
                errors.append(FieldError(field: "status", message: "\"\(status.prefix(40))\" is not one of \(BookQuery.Status.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
        }
        request.page = count("page", 1...Int(Int32.max)) ?? 1
        request.perPage = count("per_page", 1...BookPage.maximumSize) ?? BookPage.defaultSize
        return (request, errors)
    }
}
