import Foundation
import Modbus
import ModbusNIO

// Sequential reads of 125 holding registers on one connection with `ModbusClient`, as
// libmodbus/client.c does with libmodbus. Prints requests per second.
// Usage: ModbusClientBenchmark PORT COUNT
// EXECUTOR=global sends from a task on Swift's global executor instead of the client's event loop.

/// `count` reads, timed; nonisolated, so that it runs on the executor the caller prefers.
nonisolated func measure(_ client: ModbusClient, count: Int) async throws -> (Duration, ModbusResponse?) {
    let request = ModbusRequest.readHoldingRegisters(address: 0, count: 125)
    _ = try await client.send(request)  // connects
    var last: ModbusResponse?
    let elapsed = try await ContinuousClock().measure {
        for _ in 0..<count { last = try await client.send(request) }
    }
    return (elapsed, last)
}

let arguments = CommandLine.arguments
let port = arguments.count > 1 ? Int(arguments[1]) ?? 1502 : 1502
let count = arguments.count > 2 ? Int(arguments[2]) ?? 20000 : 20000
let onClientExecutor = ProcessInfo.processInfo.environment["EXECUTOR"] != "global"

let client = ModbusClient(.tcp(host: "127.0.0.1", port: port), unitID: 1)
do {
    let (elapsed, last) = try await withTaskExecutorPreference(onClientExecutor ? client.taskExecutor : nil) {
        try await measure(client, count: count)
    }
    guard case .registers(let registers) = last, registers.count == 125, registers[124] == 124 * 257 else {
        FileHandle.standardError.write(Data("benchmark: unexpected response \(String(describing: last))\n".utf8))
        exit(1)
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(String(format: "%.0f", Double(count) / seconds))
    await client.close()
} catch {
    FileHandle.standardError.write(Data("benchmark: \(error)\n".utf8))
    exit(1)
}
