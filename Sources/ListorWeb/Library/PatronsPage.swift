import Library

/// What `library/patrons.mustache` shows: the patrons found, by name, and the search.
struct PatronsPage: Encodable {
    struct Row: Encodable {
        let name: String
        let href: String
        let card: String
        let email: String
    }

    let search: String
    let rows: [Row]
    let hasRows: Bool
    let emptyMessage: String
    let notice: String?

    init(_ patrons: [Patron], search: String, notice: String?) {
        self.search = search
        rows = patrons.map { Row(name: $0.name, href: "/library/patrons/\($0.id)", card: $0.card ?? "", email: $0.email ?? "") }
        hasRows = !rows.isEmpty
        emptyMessage = search.isEmpty ? "The library has no patrons yet." : "No patron matches “\(search)”."
        self.notice = notice
    }
}
