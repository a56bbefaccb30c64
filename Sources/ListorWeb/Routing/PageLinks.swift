import ListorKit

/// The `Link` header of one page of a paged API answer (RFC 8288, as GitHub's API pages): the
/// next, previous, first and last pages, each the same query with its own `page`. Nil when
/// everything fits on one page.
enum PageLinks {
    static func header(path: String, query: [(name: String, value: String)], page: Int, pageCount: Int) -> String? {
        guard pageCount > 1 else { return nil }
        func link(_ number: Int, _ relation: String) -> String {
            "<\(path)?\(URLQuery.encode(query + [("page", String(number))]))>; rel=\"\(relation)\""
        }
        var links: [String] = []
        if page < pageCount { links.append(link(page + 1, "next")) }
        if page > 1 { links.append(link(page - 1, "prev")) }
        return (links + [link(1, "first"), link(pageCount, "last")]).joined(separator: ", ")
    }
}
