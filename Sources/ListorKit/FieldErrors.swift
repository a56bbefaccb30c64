/// Every field's problem at once.
public struct FieldErrors: Error, Sendable, Hashable, CustomStringConvertible {
    public var errors: [FieldError]

    public init(_ errors: [FieldError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "; ") }
}
