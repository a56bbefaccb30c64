/// One page of a back office list: the items it shows, whether a next page has more, and what
/// it says of them ("240 variants, 101–200 shown").
struct OwnerSlice<Item> {
    let items: [Item]
    let hasNext: Bool
    /// Nil when the list is empty.
    let summary: String?

    init(_ all: [Item], page: Int, pageSize: Int, noun: String) {
        let start = min((page - 1) * pageSize, all.count)
        items = Array(all[start..<min(start + pageSize, all.count)])
        hasNext = start + pageSize < all.count
        summary = all.isEmpty ? nil : "\(all.count) \(noun)\(all.count == 1 ? "" : "s")" + (all.count > pageSize ? ", \(start + 1)–\(start + items.count) shown" : "")
    }
}
