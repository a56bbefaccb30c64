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

    /// The words of the store's own addresses (`/stella/bag`, `/stella/search` …), which no
    /// department's id may be.
    public static let reservedIDs: Set<String> = ["api", "bag", "checkout", "images", "orders", "products", "search"]

    /// The department of that name, its id the name in lower case with a hyphen for each run of
    /// other characters, accents dropped: "Bags & Shoes" → "bags-shoes"; a reserved word gets "-department": "Bag" → "bag-department".
    public init(name: String) {
        var id = ""
        // Plain ASCII, so that the address reads the same everywhere: "Été" → "ete".
        for character in name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                id.append(character)
            } else if !id.isEmpty, id.last != "-" {
                id.append("-")
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        if id.isEmpty { id = "other" }
        if Self.reservedIDs.contains(id) { id += "-department" }
        self.init(id: id, name: name)
    }
}
