/// What went wrong in a store, in one form for both engines: what kind of failure, the engine's
/// message ("database or disk is full", "duplicate key value violates unique constraint …"),
/// and the engine's own error for logs.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    public enum Code: Sendable, Equatable {
        /// The database cannot be reached or opened.
        case unavailable
        /// A statement failed: a constraint, a full disk, a syntax the engine refuses.
        case failed
        /// A unique key already holds the value.
        case duplicate
        /// A row's value is not of the type asked for.
        case decoding
    }

    public let code: Code
    public let message: String
    public let cause: (any Error)?

    public init(_ code: Code, _ message: String, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    public var description: String { message }
}
