/// Why an index file cannot be used: there is none, it is of another format version or of other
/// catalog files, a catalog file has changed (stale), or it is damaged (not an index, cut short,
/// bytes not those written). Each means the index is rebuilt from the catalog; only damage is
/// worth telling the user. Nothing in such a file is trusted.
public struct IndexFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case missing, otherVersion, otherCatalog, stale, damaged
    }

    public let kind: Kind
    public let reason: String

    public init(_ reason: String, kind: Kind = .damaged) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}
