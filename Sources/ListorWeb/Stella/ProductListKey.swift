/// All that a page of Stella's products is made from, so that a page kept under it may be sent
/// again: the department (nil for a search of the store), the query's parameters as given
/// (a refused one is named on the page), the bag's count in the header, and the catalogue's
/// version, which moves with every import and every order's stock.
struct ProductListKey: Hashable, Sendable {
    let department: String?
    let input: [String: String]
    let bagCount: Int
    let version: Int64
}
