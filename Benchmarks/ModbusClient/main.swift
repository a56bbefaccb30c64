import Foundation
import Modbus
import ModbusIO

// Sequential reads of 125 holding registers on one connection with `ModbusClient`, as
// libmodbus/client.c does with libmodbus. Prints requests per second.
// Usage: ModbusClientBenchmark PORT|/dev/pts/N COUNT (a path: Modbus RTU at 115200 baud 8N1;
// FRAME_GAP=milliseconds sets the silence before each RTU request)
// From a task on Swift's global executor, the caller's ordinary context: one request per call,
// or with PLAN=n (8 by default with MODE=plan) as the poller sends them, a read plan of n
// requests per call. Both put the same requests on the wire, one in flight at a time.

/// `count` reads, timed.
func measure(_ client: ModbusClient, count: Int, plan: Int?) async throws -> (Duration, ModbusResponse?) {
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
let device = arguments.count > 1 ? arguments[1] : "1502"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 20000 : 20000
let environment = ProcessInfo.processInfo.environment
let plan = environment["MODE"] == "plan" ? Int(environment["PLAN"] ?? "") ?? 8 : nil

let link: ModbusLink = device.hasPrefix("/")
    ? .rtu(SerialLine(path: device, baudRate: 115200, parity: .none))
    : .tcp(host: "127.0.0.1", port: Int(device) ?? 1502)
// FRAME_GAP=0: RTU without the silence before each request, to time the software alone.
let gap = environment["FRAME_GAP"].flatMap(Double.init).map { Duration.milliseconds($0) }
let client = ModbusClient(link, unitID: 1, configuration: ModbusClientConfiguration(frameGap: gap))
do {
    let (elapsed, last) = try await Task.detached { try await measure(client, count: count, plan: plan) }.value
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
