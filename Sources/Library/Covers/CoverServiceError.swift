/// A cover service that cannot be used, and why.
public struct CoverServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
