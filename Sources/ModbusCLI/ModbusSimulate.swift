import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Modbus
import ModbusIO

struct ModbusSimulate: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a simulated TUF-2000M flow meter as a Modbus TCP server until stopped.")

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"
    @Option(help: "The port (0: any free one).")
    var port: Int = 5020

    func run(in environment: CommandEnvironment) async throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port: \(port) is not a port (0 to 65535)") }
        let server: ModbusTCPServer, update: @Sendable () -> Void
        do { (server, update) = try await ModbusComposition.startSimulator(host: host, port: port) } catch {
            environment.writeError("listor: cannot listen on \(host):\(port): \(error)\n")
            throw ExitCode.failure
        }
        environment.write("Simulated TUF-2000M on \(host):\(server.port), registers 1–100 (holding), any unit id. Ctrl-C stops it.\n")
        while !Task.isCancelled {
            update()
            try? await Task.sleep(for: .seconds(1))
        }
        try await server.close()
    }
}
