import ArgumentParser
import ListorCommandKit
import ListorWeb

/// The options of `listor serve` that bound what a client may hold: the names the server answers
/// to, the timeouts, and how many connections and event streams may be open.
struct ServeConnectionOptions: ParsableArguments {
    @Option(name: .customLong("public-host"),
            help: ArgumentHelp("A host name the server answers to, besides IP addresses and localhost (repeatable). Requests for other names are refused, so that DNS rebinding cannot reach the server.", valueName: "name"))
    var publicHosts: [String] = []
    @Option(name: .customLong("header-timeout"), help: ArgumentHelp("Seconds a new connection has to send its request's headers.", valueName: "seconds"))
    var headerTimeout: Double = 30
    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds a kept-alive connection may wait for its next request.", valueName: "seconds"))
    var idleTimeout: Double = 60
    @Option(name: .customLong("body-timeout"), help: ArgumentHelp("Seconds a request has to send its body.", valueName: "seconds"))
    var bodyTimeout: Double = 60
    @Option(name: .customLong("max-connections"), help: ArgumentHelp("Connections open at once; more are answered 503.", valueName: "n"))
    var maximumConnections = 1000
    @Option(name: .customLong("max-connections-per-client"), help: ArgumentHelp("Connections one client address may hold open; more are closed at once. Behind a reverse proxy every client has the proxy's address: raise it there.", valueName: "n"))
    var maximumConnectionsPerClient = 100
    @Option(name: .customLong("max-streams-per-client"), help: ArgumentHelp("Live-update streams one client address may hold.", valueName: "n"))
    var maximumStreamsPerClient = 10


    func limits() throws -> ConnectionLimits {
        for (name, value) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout), ("--body-timeout", bodyTimeout)] {
            guard value >= 0.1, value <= 3600 else { throw ValidationError("\(name): \(value) is outside 0.1 to 3600 seconds") }
        }
        guard maximumConnections >= 1 else { throw ValidationError("--max-connections: \(maximumConnections) must be at least 1") }
        guard maximumConnectionsPerClient >= 1 else { throw ValidationError("--max-connections-per-client: \(maximumConnectionsPerClient) must be at least 1") }
        guard maximumStreamsPerClient >= 1 else { throw ValidationError("--max-streams-per-client: \(maximumStreamsPerClient) must be at least 1") }
        for name in publicHosts where name.isEmpty || name.contains(where: { $0 == "/" || $0 == ":" || $0.isWhitespace }) {
            throw ValidationError("--public-host: \"\(name)\" is not a host name; give the name alone, without a scheme or port, e.g. listor.example.org")
        }
        func duration(_ seconds: Double) -> Duration { .milliseconds(Int((seconds * 1000).rounded())) }
        return ConnectionLimits(headerTimeout: duration(headerTimeout), idleTimeout: duration(idleTimeout), bodyTimeout: duration(bodyTimeout),
                                maximumConnections: maximumConnections, maximumConnectionsPerClient: maximumConnectionsPerClient,
                                maximumStreamsPerClient: maximumStreamsPerClient)
    }
}
