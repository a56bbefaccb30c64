/// The library's database failed: it cannot be opened or reached, or a statement failed.
///
/// The stores translate their drivers' errors into this, so that nothing above them (the
/// service, the web front end, the command line) needs to know GRDB or postgres-nio.
public struct LibraryStoreError: Error, Sendable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        /// The file cannot be opened or created (permissions, a directory, a corrupt file).
        case cannotOpen
        /// The server cannot be reached or refuses us (down, wrong port, unknown user).
        case unreachable
        /// A statement failed on a database that was working.
        case failed
    }

    public var code: Code
    /// What went wrong and where, in words: "cannot use the library database at
    /// postgres://listor:…@db/listor: role "nobody" does not exist".
    public var message: String
    /// The driver's own error, for the log.
    public var underlying: (any Error)?

    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
