import Foundation
import Modbus
import ModbusIO

// One line of 32 units, each read with the TUF-2000M's map, as `serve --modbus-plant` polls them:
// a ModbusLine shared by 32 clients, each unit's poller asked for its poll all at once, the line
// sending them one at a time. Prints full cycles (every unit's whole map) per second.
// Usage: ModbusPlantBenchmark rtu+tcp://127.0.0.1:PORT|/dev/pts/N CYCLES [UNITS]
//        ModbusPlantBenchmark --plan   prints the map's reads, "table address count" a line, for the C client

let arguments = CommandLine.arguments
let map = try RegisterMap.tuf2000m()
if arguments.dropFirst().first == "--plan" {
    for read in ReadPlan(map).reads { print("\(read.table.rawValue) \(read.address) \(read.count)") }
    exit(0)
}
let device = arguments.count > 1 ? arguments[1] : "rtu+tcp://127.0.0.1:5020"
let cycles = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
let units = arguments.count > 3 ? Int(arguments[3]) ?? 32 : 32
// A pty has no line speed, and RTU over TCP leaves the silences to the gateway: no silence is kept.
let link: ModbusLink = device.hasPrefix("/")
    ? .rtu(SerialLine(path: device, baudRate: 115200, parity: .none))
    : try ModbusLink(address: device)
let line = ModbusLine(link, configuration: ModbusClientConfiguration(responseTimeout: .seconds(5), frameGap: .zero))
let pollers = (1...units).map { RegisterPoller(map: map, transport: ModbusClient(line: line, unitID: UInt8($0))) }

func cycle() async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        for poller in pollers { group.addTask { await poller.poll().connection == .connected } }
        return await group.reduce(true) { $0 && $1 }
    }
}

guard await cycle() else {
    FileHandle.standardError.write(Data("benchmark: a unit did not answer its first poll\n".utf8))
    exit(1)
}
var failed = false
let elapsed = await ContinuousClock().measure {
    for _ in 0..<cycles where !(await cycle()) { failed = true }
}
guard !failed else {
    FileHandle.standardError.write(Data("benchmark: a poll failed\n".utf8))
    exit(1)
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(String(format: "%.3f", Double(cycles) / seconds))
await line.close()
