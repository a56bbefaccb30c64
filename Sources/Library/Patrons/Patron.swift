import Foundation
import Tagged

/// Someone who borrows: a record with a card number, so that two people of one name are two
/// patrons and one person's loans and holds are found together.
public struct Patron: Sendable, Hashable, Identifiable {
    public typealias ID = Tagged<Patron, Int64>

    public var id: ID
    public var name: String
    /// The library card's number: unique, matched without regard to case; nil for a patron made
    /// from a name alone (as the original clients check out), until one is given.
    public var card: String?
    public var email: String?
    public var phone: String?
    public var notes: String?
    /// Where letters are posted: the lines under the name, "\n" between them.
    public var address: String?
    /// The patron's category (`PatronCategory`), whose loan rules are theirs; nil for the library's own.
    public var category: String?
    /// True when the patron asked for no reminders by email.
    public var remindersOff: Bool
    public var version: Int

    public init(id: ID, name: String, card: String? = nil, email: String? = nil, phone: String? = nil, notes: String? = nil,
                address: String? = nil, category: String? = nil, remindersOff: Bool = false, version: Int = 1) {
        self.id = id
        self.name = name
        self.card = card
        self.email = email
        self.phone = phone
        self.notes = notes
        self.address = address
        self.category = category
        self.remindersOff = remindersOff
        self.version = version
    }

    /// The fields a store writes.
    public var fields: PatronFields {
        PatronFields(name: name, card: card, email: email, phone: phone, notes: notes, address: address, category: category, remindersOff: remindersOff)
    }
}
