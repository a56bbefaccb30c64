/// A variable's value as decoded from its registers: the text the sheet and the feed show, and
/// the number it stands for, which trends keep.
public struct RegisterReading: Sendable, Hashable {
    /// "1234.5677", "-1104", "243303071808", "0000000000000101".
    public var text: String
    /// The value as a number: for a REAL4, the double nearest the float's shortest decimal, so
    /// that it prints as that decimal. Nil for formats that are not one number (BIT).
    public var number: Double?

    public init(text: String, number: Double?) {
        self.text = text
        self.number = number
    }
}
