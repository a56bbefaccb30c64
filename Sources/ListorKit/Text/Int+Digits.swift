extension Int {
    /// The whole number `text` writes in ASCII digits alone, as a person types a quantity: no
    /// sign, no spaces, at most 18 digits (so it never overflows). Swift's `Int(_:)` also takes
    /// "+3", which a form or a file should not pass off as 3.
    public init?(digits text: some StringProtocol) {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text) else { return nil }
        self = value
    }
}
