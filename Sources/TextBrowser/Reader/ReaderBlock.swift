/// One block of a `ReaderPage`. Containers open and close around the blocks they hold, always
/// in pairs and properly nested, and a table holds only rows and a row only cells.
public enum ReaderBlock: Sendable, Hashable {
    case heading(level: Int, [ReaderInline])
    case paragraph([ReaderInline])
    /// Text kept as written, line breaks and spaces included.
    case preformatted([ReaderInline])
    case rule
    case open(Container)
    case close(Container)

    public enum Container: Sendable, Hashable {
        case list(ordered: Bool, start: Int)
        case item
        case quote
        case table
        case row
        case cell(header: Bool)
        case definitions
        case term
        case definition
    }
}
