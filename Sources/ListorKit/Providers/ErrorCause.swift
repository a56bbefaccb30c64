/// Why a load failed: the error underneath, kept as it was thrown (for code that needs to tell
/// one cause from another), with the words a message shows; or words alone, for a cause of
/// Listor's own. Two causes are equal when they read the same.
public struct ErrorCause: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The error underneath; nil for a cause of Listor's own.
    public let error: (any Error & Sendable)?
    public let description: String

    /// `error`, as `describe` words it (its own description by default).
    public init(_ error: any Error & Sendable, describe: (any Error) -> String = { "\($0)" }) {
        self.error = error
        description = describe(error)
    }

    public init(stringLiteral words: String) {
        error = nil
        description = words
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(stringLiteral: String(stringInterpolation: stringInterpolation))
    }

    public static func == (left: ErrorCause, right: ErrorCause) -> Bool { left.description == right.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
