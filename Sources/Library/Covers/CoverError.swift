/// A cover that cannot be had or made, and why: the service's answer, or the picture's fault.
public struct CoverError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
