import Foundation

/// A department of the store, as the seed hard-coded them.
public struct Department: Sendable, Hashable, Identifiable {
    /// "ready-to-wear", as in the original.
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
