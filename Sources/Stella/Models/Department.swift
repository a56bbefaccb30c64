import Foundation

/// A department of the store: the products of one Type ("Ready-to-wear"), at an address made
/// from its name ("ready-to-wear").
public struct Department: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The department of that name, its id the name in lower case with a hyphen for each run of
    /// other characters: "Bags & Shoes" → "bags-shoes".
    public init(name: String) {
        var id = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                id.append(character)
            } else if !id.isEmpty, id.last != "-" {
                id.append("-")
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        self.init(id: id.isEmpty ? "other" : id, name: name)
    }
}
