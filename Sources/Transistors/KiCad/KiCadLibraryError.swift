/// A file that is an S-expression but not a KiCad symbol library Listor can read.
public struct KiCadLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}
