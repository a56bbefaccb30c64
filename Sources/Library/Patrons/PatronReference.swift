/// Who a checkout or a hold is for, as a request names them: resolved by the store in the
/// transaction of the action, so that a patron made from a name exists only if the action does.
public enum PatronReference: Sendable, Hashable {
    case id(Patron.ID)
    case card(String)
    /// The original clients' free text: the patron of that name (the first made, if several), or
    /// a new one without a card.
    case name(String)
    /// What a librarian types at the desk: the patron whose card it is, else the patron of that
    /// name; never a new patron (`LibraryError.cardNotFound` names what was typed).
    case cardOrName(String)
}
