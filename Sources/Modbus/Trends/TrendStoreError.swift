/// A history that cannot be opened, read or written, with the file and the reason.
public struct TrendStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
