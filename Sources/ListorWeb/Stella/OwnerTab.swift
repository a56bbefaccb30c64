/// One of a back office list's views ("Open", "Low stock"), linked, and marked when shown.
struct OwnerTab: Encodable {
    let label: String
    let href: String
    let current: Bool
}
