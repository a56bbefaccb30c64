/// An array index as a coding key, rendered `[3]` in field paths.
public struct IndexKey: CodingKey, Sendable {
    public let intValue: Int?
    public var stringValue: String { "[\(intValue ?? 0)]" }
    public init(intValue: Int) { self.intValue = intValue }
    public init?(stringValue: String) { nil }
}
