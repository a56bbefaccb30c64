/// `listor`'s command groups, one an app (and `serve`). Installed, each is a program of its own
/// beside `listor` (`listor-browse`, `listor-serve`, …), which `listor` becomes for it: so that a
/// command loads only its own app, and `listor --help` none.
public enum CommandGroup: String, CaseIterable, Sendable {
    case serve, transistors, modbus, library, browse, stella

    /// What `listor --help` says of the group: the group's own command says it too.
    public var abstract: String {
        switch self {
        case .serve: "Serve the Listor apps on the web (http://127.0.0.1:8080 by default)."
        case .transistors: "Browse a catalog of BJTs, MOSFETs and JFETs."
        case .modbus: "Read and write Modbus devices (TCP, RTU on a serial port, RTU over TCP), poll a register map, print the history `serve` keeps, or run a simulated TUF-2000M."
        case .library: "Who has which book: list, show, add, check out, check in, renew, holds, patrons, delete, history, overdue, import, export."
        case .browse: "A text web browser that remembers where you have been: open, dump, history, forget, bookmarks."
        case .stella: "A fashion store: departments, products and a search, a product and its stock; importing a catalogue, and the orders."
        }
    }

    /// The installed program's file name.
    public var program: String { "listor-\(rawValue)" }
}
