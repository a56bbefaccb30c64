import Foundation
import Modbus
import ModbusNIO

// Sequential reads of 125 holding registers on one connection with `ModbusClient`, as
// libmodbus/client.c does with libmodbus. Prints requests per second.
// Usage: ModbusClientBenchmark PORT COUNT
// EXECUTOR=loop (default) sends one request at a time from a task that prefers the client's
// event loop; EXECUTOR=global one at a time from Swift's global executor; EXECUTOR=plan from the
// global executor as the poller does, a read plan of PLAN requests (8 by default) per call.
// Every mode puts the same requests on the wire, one in flight at a time.

/// `count` reads, timed; nonisolated, so that it runs on the executor the caller prefers.
nonisolated func measure(_ client: ModbusClient, count: Int, plan: Int?) async throws -> (Duration, ModbusResponse?) {
    let request = ModbusRequest.readHoldingRegisters(address: 0, count: 125)
    _ = try await client.send(request)  // connects
    var last: ModbusResponse?
    let elapsed = try await ContinuousClock().measure {
        if let plan {
            let batch = Array(repeating: request, count: plan)
            var sent = 0
            while sent < count {
                let outcomes = await client.send(Array(batch.prefix(count - sent)))
                last = try outcomes.last?.get()
                sent += outcomes.count
            }
        } else {
            for _ in 0..<count { last = try await client.send(request) }
        }
    }
    return (elapsed, last)
}

let arguments = CommandLine.arguments
let port = arguments.count > 1 ? Int(arguments[1]) ?? 1502 : 1502
let count = arguments.count > 2 ? Int(arguments[2]) ?? 20000 : 20000
let environment = ProcessInfo.processInfo.environment
let executor = environment["EXECUTOR"] ?? "loop"
let plan = executor == "plan" ? Int(environment["PLAN"] ?? "") ?? 8 : nil

let client = ModbusClient(.tcp(host: "127.0.0.1", port: port), unitID: 1)
do {
    let (elapsed, last) = try await withTaskExecutorPreference(executor == "loop" ? client.taskExecutor : nil) {
        try await measure(client, count: count, plan: plan)
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
