import Foundation
import ListorTestSupport
import Testing

/// pymodbus's Modbus TCP server (pymodbus_server.py) with known registers, on loopback.
struct PymodbusServer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pymodbus_server.py").path
    static let python = "/usr/bin/env"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process: Process
    let port: Int

    /// Whether pymodbus can be imported; otherwise skips (printing why) or, under
    /// LISTOR_REQUIRE_EXTERNAL=1, fails the test.
    static func isMissing() -> Bool {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["python3", "-c", "import pymodbus, sys; sys.exit(0 if pymodbus.__version__.startswith('3.') else 1)"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        let available = (try? check.run()).map { check.waitUntilExit(); return check.terminationStatus == 0 } ?? false
        guard !available else { return false }
        let reason = "the Modbus integration tests need pymodbus 3 for python3 (pip install 'pymodbus==3.16.*'), as .ci/run installs it"
        if ExternalComponent.isRequired { Issue.record(Comment(rawValue: reason)) } else { print("skipping: \(reason)") }
        return true
    }

    /// Starts the server (on `port`, or a free one) and returns once it accepts connections.
    static func start(port: Int? = nil) async throws -> PymodbusServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["python3", "-u", script] + (port.map { [String($0)] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let chosen = try await Task.detached { () throws -> Int in
            var text = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { throw Failure(description: "pymodbus_server.py exited before it listened: \(text)") }
                text += String(decoding: data, as: UTF8.self)
                if let match = text.firstMatch(of: /listening on (\d+)/), let port = Int(match.output.1) { return port }
            }
        }.value
        return PymodbusServer(process: process, port: chosen)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    static func with<T>(_ body: (PymodbusServer) async throws -> T) async throws -> T {
        let server = try await start()
        defer { server.stop() }
        return try await body(server)
    }
}
