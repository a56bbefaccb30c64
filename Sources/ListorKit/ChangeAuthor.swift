/// Who made a change that an app keeps a record of (a register write, an order sent, a stock
/// count), as the record names them.
public enum ChangeAuthor: Sendable, Hashable, CustomStringConvertible {
    /// The web's pages or API, with the admin token, from the client's address.
    case web(client: String)
    /// A `listor` command, run by the user the environment names, if any.
    case commandLine(user: String?)

    /// "admin token (127.0.0.1)", "ann (command line)".
    public var description: String {
        switch self {
        case .web(let client): "admin token (\(client))"
        case .commandLine(let user): user.map { "\($0) (command line)" } ?? "command line"
        }
    }
}
