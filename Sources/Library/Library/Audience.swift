/// Who is looking at the library. The staff see who borrowed and who reserved what; visitors
/// see whether a book is in, out (and until when) or awaited, never by whom, as a library keeps
/// its readers' records private (the ALA's and IFLA's codes of ethics).
public enum Audience: Sendable, Hashable {
    case staff
    case visitors
}
