import Foundation
import Testing

/// pymodbus's Modbus server (pymodbus_server.py) with known registers: Modbus TCP or RTU over
/// TCP on loopback, or Modbus RTU on a serial port.
public struct PymodbusServer: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pymodbus_server.py").path
    static let python = "/usr/bin/env"

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let process: ChildProcess
    /// The TCP port; 0 on a serial port.
    public let port: Int

    /// Whether pymodbus can be imported; otherwise skips (printing why) or, under
    /// LISTOR_REQUIRE_EXTERNAL=1, fails the test.
    public static func isMissing() async -> Bool {
        let status = try? await ChildProcess(python, ["python3", "-c", "import pymodbus, sys; sys.exit(0 if pymodbus.__version__.startswith('3.') else 1)"]).exit().status
        guard status != 0 else { return false }
        let reason = "the Modbus integration tests need pymodbus 3 for python3 (pip install 'pymodbus==3.16.*'), as .ci/run installs it"
        if ExternalComponent.isRequired { Issue.record(Comment(rawValue: reason)) } else { print("skipping: \(reason)") }
        return true
    }

    /// Starts a Modbus RTU server on the serial port at `path`; returns once it has the port open.
    public static func startSerial(path: String, baudRate: Int, parity: String) async throws -> PymodbusServer {
        let process = try ChildProcess(python, ["python3", "-u", script, "--serial", path, String(baudRate), parity])
        do {
            try await process.output(matching: { $0.contains("listening on \(path)") })
            return PymodbusServer(process: process, port: 0)
        } catch {
            await process.kill()
            throw error
        }
    }

    /// Starts the server (on `port`, or a free one) and returns once it accepts connections;
    /// with `rtuOverTCP`, it takes RTU frames over TCP.
    public static func start(port: Int? = nil, rtuOverTCP: Bool = false) async throws -> PymodbusServer {
        let process = try ChildProcess(python, ["python3", "-u", script] + (rtuOverTCP ? ["--rtu-over-tcp"] : []) + (port.map { [String($0)] } ?? []))
        do {
            let printed = try await process.output(matching: { $0.contains(/listening on \d+/) })
            guard let match = printed.firstMatch(of: /listening on (\d+)/), let chosen = Int(match.output.1) else {
                throw Failure(description: "pymodbus_server.py printed no port: \(printed)")
            }
            return PymodbusServer(process: process, port: chosen)
        } catch {
            await process.kill()
            throw error
        }
    }

    public func stop() async {
        await process.stop()
    }

    public static func with<T>(rtuOverTCP: Bool = false, _ body: (PymodbusServer) async throws -> T) async throws -> T {
        let server = try await start(rtuOverTCP: rtuOverTCP)
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body(server)) } catch { outcome = .failure(error) }
        await server.stop()
        return try outcome.get()
    }
}
