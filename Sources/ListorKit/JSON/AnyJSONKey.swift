/// Any member name as a coding key.
public struct AnyJSONKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(_ stringValue: String) { self.stringValue = stringValue }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
