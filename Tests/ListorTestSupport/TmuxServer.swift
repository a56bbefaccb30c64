import Foundation

/// A tmux server of a test's own (its socket in a temporary directory, no configuration
/// file): a real terminal that a test types into with send-keys and reads with capture-pane.
public struct TmuxServer: Sendable {
    public static let executable = "/usr/bin/tmux"

    /// The `listor` executable built beside the test bundle.
    public static var listor: String {
        (Bundle.main.executableURL ?? Bundle.main.bundleURL).deletingLastPathComponent().appendingPathComponent("listor").path
    }

    /// Why tmux or the built `listor` cannot be used, or nil when both can.
    public static var missing: String? {
        guard FileManager.default.isExecutableFile(atPath: executable), FileManager.default.isExecutableFile(atPath: listor) else {
            return "the terminal test needs tmux (Debian: apt-get install tmux) and a built listor at \(listor)"
        }
        return nil
    }

    public let socket: String

    public init(socket: String) {
        self.socket = socket
    }

    /// Starts the server with one session running a shell, `columns` by `rows`.
    public static func start(in directory: TemporaryDirectory, session: String, columns: Int, rows: Int) async throws -> TmuxServer {
        let server = TmuxServer(socket: directory.path("tmux.socket"))
        try await server.run(["new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows), "/bin/sh"], startsServer: true)
        return server
    }

    /// Runs tmux on this server and returns what it printed. The call that starts the server
    /// throws its output away: the server keeps the streams it inherits, so they would never end.
    @discardableResult
    public func run(_ arguments: [String], startsServer: Bool = false, within limit: Duration = .seconds(60)) async throws -> String {
        let command = ["-S", socket, "-f", "/dev/null"] + arguments
        let tmux = try ChildProcess(Self.executable, command, output: startsServer ? .discarded : .kept)
        let (status, output) = try await tmux.exit(within: limit)
        guard status == 0 else { throw ChildProcess.Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(output)") }
        return output
    }

    /// Types into `session`: text, or key names such as "Enter", "Left", "Escape".
    public func keys(_ keys: [String], to session: String) async throws {
        try await run(["send-keys", "-t", session] + keys)
    }

    /// What `session`'s programs write to its terminal, as they write it (pipe-pane into a FIFO
    /// that `cat` reads): `printed(moreThan:within:)` on it wakes a test when the screen changes.
    public func output(of session: String, in directory: TemporaryDirectory) async throws -> ChildProcess {
        let fifo = directory.path("\(session).output")
        guard mkfifo(fifo, 0o600) == 0 else { throw ChildProcess.Failure(description: "mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        let reader = try ChildProcess("/bin/cat", [fifo])
        try await run(["pipe-pane", "-t", session, "cat > '\(fifo)'"])
        return reader
    }

    /// The screen of `session`; with `attributes`, the escape sequences of what the terminal applied.
    public func screen(of session: String, attributes: Bool = false) async throws -> String {
        try await run(["capture-pane", "-p"] + (attributes ? ["-e"] : []) + ["-t", session])
    }

    /// A shell command that tells `wait(for:)` the command before it has ended.
    public func signalling(_ signal: String) -> String {
        "\(Self.executable) -S \(socket) wait-for -S \(signal)"
    }

    public func wait(for signal: String) async throws {
        try await run(["wait-for", signal])
    }

    public func stop() async {
        _ = try? await run(["kill-server"])
    }
}
