/// What a save does to a book's cover, beside its fields: a new picture as uploaded (checked
/// before anything is written), or none any more.
public enum CoverEdit: Sendable, Hashable {
    case upload([UInt8])
    case remove
}
