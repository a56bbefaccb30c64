import Foundation

/// pymodbus's Modbus server (pymodbus_server.py) with known registers: Modbus TCP or RTU over
/// TCP on loopback, or Modbus RTU on a serial port.
public struct PymodbusServer: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pymodbus_server.py").path

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let process: ChildProcess
    /// The TCP port; 0 on a serial port.
    public let port: Int

    /// Whether pymodbus (and, for a serial port, pyserial) cannot be imported as
    /// Tests/requirements.txt pins them; then skips (printing why) or, under
    /// LISTOR_REQUIRE_EXTERNAL=1, fails the test.
    public static func isMissing(serial: Bool = false) async -> Bool {
        let packages = ["pymodbus"] + (serial ? ["pyserial"] : [])
        guard let reason = await TestPython.missing(packages, for: serial ? "the Modbus RTU tests" : "the Modbus integration tests") else { return false }
        ExternalComponent.unavailable(reason)
        return true
    }

    /// Starts a Modbus RTU server on the serial port at `path`; returns once it has the port open.
    public static func startSerial(path: String, baudRate: Int, parity: String, units: [UInt8]? = nil, trace: String? = nil) async throws -> PymodbusServer {
        var arguments = units.map { ["--units", $0.map(String.init).joined(separator: ",")] } ?? []
        if let trace { arguments += ["--trace", trace] }
        let (process, _) = try await start(arguments + ["--serial", path, String(baudRate), parity], readyWhen: { $0.contains("listening on \(path)") })
        return PymodbusServer(process: process, port: 0)
    }

    /// Starts the server (on `port`, or a free one) and returns once it accepts connections;
    /// with `rtuOverTCP`, it takes RTU frames over TCP. With `units`, those units answer (input
    /// registers 0–9 of unit u hold 100u…100u+9) and no other does; with `trace`, every packet
    /// received and sent is written to that file, a line each ("recv HEX", "send HEX").
    public static func start(port: Int? = nil, rtuOverTCP: Bool = false, units: [UInt8]? = nil, trace: String? = nil) async throws -> PymodbusServer {
        var arguments = units.map { ["--units", $0.map(String.init).joined(separator: ",")] } ?? []
        if let trace { arguments += ["--trace", trace] }
        arguments += (rtuOverTCP ? ["--rtu-over-tcp"] : []) + [String(port ?? 0)]
        let (process, printed) = try await start(arguments, readyWhen: { $0.contains(/listening on \d+/) })
        guard let match = printed.firstMatch(of: /listening on (\d+)/), let chosen = Int(match.output.1) else {
            await process.kill()
            throw Failure(description: "pymodbus_server.py printed no port: \(printed)")
        }
        return PymodbusServer(process: process, port: chosen)
    }

    private static func start(_ arguments: [String], readyWhen isReady: @escaping @Sendable (String) -> Bool) async throws -> (ChildProcess, String) {
        let (executable, arguments) = TestPython.command([script] + arguments)
        return try await ChildProcess.start(executable, arguments, readyWhen: isReady)
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
