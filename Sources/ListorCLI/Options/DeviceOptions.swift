import ArgumentParser
import Foundation
import Modbus

/// Options every command that talks to a device shares.
struct DeviceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The device: HOST or HOST:PORT (port 502 by default).", valueName: "host[:port]"))
    var device: ModbusEndpoint
    @Option(name: [.customShort("a"), .customLong("unit")], help: "The unit (slave) id.")
    var unit: UInt8 = 1
    @Option(name: .customLong("timeout"), help: ArgumentHelp("Seconds to wait for a connection and for each response.", valueName: "seconds"))
    var timeout: Double = 2

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout: must be more than 0 and at most 600 seconds") }
    }

    /// Runs `body` with a client of the device, on a connection of its own that closes afterwards.
    func withClient<T: Sendable>(_ body: (any ModbusTransport) async throws -> T) async throws -> T {
        try await ModbusComposition.withClient(device, unit: unit, timeout: .milliseconds(Int(timeout * 1000)), body)
    }
}

extension DeviceOptions {
    /// Sends one request on a connection of its own. A request over the protocol's limits is a
    /// usage error (exit 64); a failure on the way is one line on standard error and exit 1.
    func send(_ request: ModbusRequest, _ environment: CommandEnvironment) async throws -> ModbusResponse {
        do { try request.validate() } catch { throw ValidationError(error.description) }
        do {
            return try await withClient { client in try await client.send(request) }
        } catch {
            try failModbus(error, environment)
        }
    }
}

/// A Modbus failure as one line on standard error and exit code 1, as mbpoll does.
func failModbus(_ error: any Error, _ environment: CommandEnvironment) throws -> Never {
    environment.writeError("listor: \((error as? ModbusError)?.description ?? "\(error)")\n")
    throw ExitCode.failure
}
