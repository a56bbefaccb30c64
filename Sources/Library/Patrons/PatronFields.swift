/// A patron's checked fields, as a store writes them.
public struct PatronFields: Sendable, Hashable {
    public var name: String
    public var card: String?
    public var email: String?
    public var phone: String?
    public var notes: String?
    public var address: String?
    public var category: String?
    public var remindersOff: Bool

    public init(name: String, card: String? = nil, email: String? = nil, phone: String? = nil, notes: String? = nil, address: String? = nil, category: String? = nil,
                remindersOff: Bool = false) {
        self.name = name
        self.card = card
        self.email = email
        self.phone = phone
        self.notes = notes
        self.address = address
        self.category = category
        self.remindersOff = remindersOff
    }
}
