import ArgumentParser
import Foundation
import ListorKit
import Modbus
import ModbusNIO

/// `listor modbus …`: ModbusApp (seed 001) in the terminal, with mbpoll's manners.
struct ModbusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modbus",
        abstract: "Read and write Modbus TCP devices, poll a register map, or run a simulated TUF-2000M.",
        subcommands: [ModbusRead.self, ModbusWrite.self, ModbusPoll.self, ModbusSimulate.self])
}

/// HOST or HOST:PORT (IPv6 in brackets), port 502 unless given.
struct ModbusEndpoint: ExpressibleByArgument {
    let host: String
    let port: Int

    init?(argument: String) {
        if argument.hasPrefix("["), let close = argument.firstIndex(of: "]") {
            host = String(argument[argument.index(after: argument.startIndex)..<close])
            let rest = argument[argument.index(after: close)...]
            if rest.isEmpty { port = 502 } else if rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port) { self.port = port } else { return nil }
        } else if let colon = argument.lastIndex(of: ":"), argument.firstIndex(of: ":") == colon {
            host = String(argument[..<colon])
            guard let port = Int(argument[argument.index(after: colon)...]), (1...65535).contains(port) else { return nil }
            self.port = port
        } else {
            host = argument
            port = 502
        }
        guard !host.isEmpty else { return nil }
    }
}

/// Options every command that talks to a device shares.
struct DeviceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The device: HOST or HOST:PORT (port 502 by default).", valueName: "host[:port]"))
    var device: ModbusEndpoint
    @Option(name: [.customShort("a"), .customLong("unit")], help: "The unit (slave) id.")
    var unit: UInt8 = 1
    @Option(name: .customLong("timeout"), help: ArgumentHelp("Seconds to wait for a connection and for each response.", valueName: "seconds"))
    var timeout: Double = 2

    func client() throws -> ModbusTCPClient {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout: must be more than 0 and at most 600 seconds") }
        let limit = Duration.milliseconds(Int(timeout * 1000))
        return ModbusTCPClient(host: device.host, port: device.port, unitID: unit,
                               configuration: ModbusClientConfiguration(connectTimeout: limit, responseTimeout: limit))
    }
}

extension RegisterTable: ExpressibleByArgument {}

struct AddressOptions: ParsableArguments {
    @Option(name: [.customShort("t"), .customLong("table")], help: "coil, discrete, input or holding.")
    var table: RegisterTable = .holding
    @Option(name: [.customShort("r"), .customLong("reference")], help: "The first register or bit, counted from 1 (from 0 with -0).")
    var reference: Int = 1
    @Flag(name: .customShort("0"), help: "Count references from 0, as the protocol's addresses do.")
    var zeroBased = false

    var first: Int { zeroBased ? 0 : 1 }

    func address() throws -> UInt16 {
        guard reference >= first, reference - first <= 0xFFFF else {
            throw ValidationError("-r: \(reference) is not a reference; they run from \(first) to \(0xFFFF + first)")
        }
        return UInt16(reference - first)
    }
}

extension DeviceOptions {
    /// Sends one request on a connection of its own. A request over the protocol's limits is a
    /// usage error (exit 64); a failure on the way is one line on standard error and exit 1.
    func send(_ request: ModbusRequest, _ environment: CommandEnvironment) async throws -> ModbusResponse {
        do { try request.validate() } catch { throw ValidationError(error.description) }
        let client = try client()
        do {
            let response = try await client.send(request)
            await client.close()
            return response
        } catch {
            await client.close()
            try failModbus(error, environment)
        }
    }
}

/// A Modbus failure as one line on standard error and exit code 1, as mbpoll does.
func failModbus(_ error: any Error, _ environment: CommandEnvironment) throws -> Never {
    environment.writeError("listor: \((error as? ModbusError)?.description ?? "\(error)")\n")
    throw ExitCode.failure
}

// MARK: - read

struct ModbusRead: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read registers or bits once and print them, one per line.",
        discussion: "Exception responses are printed by name (e.g. exception 02 (illegal data address)) and exit 1.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case int, hex, float
    }

    @OptionGroup var device: DeviceOptions
    @OptionGroup var address: AddressOptions
    @Option(name: [.customShort("c"), .customLong("count")], help: "How many registers or bits.")
    var count: Int = 1
    @Option(help: "int (unsigned and signed), hex, or float (two registers each).")
    var format: Format = .int
    @Option(name: .customLong("word-order"), help: "For float: CDAB (low word first, the default) or ABCD.")
    var wordOrder: String = "CDAB"

    func run(in environment: CommandEnvironment) async throws {
        guard let order = WordOrder(rawValue: wordOrder.uppercased()) else {
            throw ValidationError("--word-order: \"\(wordOrder)\" is not CDAB or ABCD")
        }
        let start = try address.address()
        let request = address.table.read(address: start, count: format == .float ? count * 2 : count)
        let response = try await device.send(request, environment)
        var lines: [String] = []
        switch response {
        case .bits(let bits):
            for (offset, bit) in bits.enumerated() { lines.append("[\(address.reference + offset)]: \t\(bit ? 1 : 0)") }
        case .registers(let registers) where format == .float:
            for index in 0..<count {
                let value = try ValueEncoding(format: .real4, wordOrder: order).value(of: Array(registers[index * 2...index * 2 + 1]))
                lines.append("[\(address.reference + index * 2)]: \t\(value)")
            }
        case .registers(let registers):
            for (offset, register) in registers.enumerated() {
                let signed = Int16(bitPattern: register)
                let text = switch format {
                case .hex: "0x" + String(repeating: "0", count: 4 - String(register, radix: 16).count) + String(register, radix: 16, uppercase: true)
                default: signed < 0 ? "\(register) (\(signed))" : "\(register)"
                }
                lines.append("[\(address.reference + offset)]: \t\(text)")
            }
        default:
            try failModbus(ModbusError.mismatchedResponse("\(response)"), environment)
        }
        environment.write(lines.joined(separator: "\n") + "\n")
    }
}

// MARK: - write

struct ModbusWrite: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write holding registers or coils.",
        discussion: "One value writes with function 06 or 05, several with 16 or 15. Coils take 1/0, on/off or true/false.")

    @OptionGroup var device: DeviceOptions
    @OptionGroup var address: AddressOptions
    // Unrecognised words are values too, so that negative numbers need no "--" before them.
    @Argument(parsing: .allUnrecognized, help: "The values, in order from the reference.")
    var values: [String] = []

    func run(in environment: CommandEnvironment) async throws {
        let start = try address.address()
        guard !values.isEmpty else { throw ValidationError("give at least one value to write") }
        let request: ModbusRequest
        switch address.table {
        case .holding:
            let registers = try values.enumerated().map { index, text in
                if let value = UInt16(text) { return value }
                if let value = Int16(text) { return UInt16(bitPattern: value) }
                if text.lowercased().hasPrefix("0x"), let value = UInt16(text.dropFirst(2), radix: 16) { return value }
                throw ValidationError("value \(index + 1): \"\(text)\" is not a 16-bit number (0 to 65535, -32768 to -1, or 0x0000 to 0xFFFF)")
            }
            request = registers.count == 1 ? .writeSingleRegister(address: start, value: registers[0]) : .writeMultipleRegisters(address: start, values: registers)
        case .coil:
            let bits = try values.enumerated().map { index, text in
                switch text.lowercased() {
                case "1", "on", "true": return true
                case "0", "off", "false": return false
                default: throw ValidationError("value \(index + 1): \"\(text)\" is not 1/0, on/off or true/false")
                }
            }
            request = bits.count == 1 ? .writeSingleCoil(address: start, value: bits[0]) : .writeMultipleCoils(address: start, values: bits)
        case .input, .discrete:
            throw ValidationError("-t \(address.table.rawValue): \(address.table.rawValue) tables are read-only; write to holding or coil")
        }
        _ = try await device.send(request, environment)
        let noun = address.table == .coil ? (values.count == 1 ? "coil" : "coils") : (values.count == 1 ? "register" : "registers")
        environment.write("wrote \(values.count) \(noun) from \(address.reference)\n")
    }
}

// MARK: - poll

struct ModbusPoll: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "poll",
        abstract: "Read every variable of a register map once and print the spreadsheet or the seed's JSON feed.",
        discussion: "Without --map, the bundled TUF-2000M map. Exits 1 when a read failed; the rows it could not read are marked.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @OptionGroup var device: DeviceOptions
    @Option(help: ArgumentHelp("A register map (JSON); see the README.", valueName: "file"))
    var map: String?
    @Option(help: "table or json (the seed backend's feed).")
    var format: Format = .table

    func run(in environment: CommandEnvironment) async throws {
        let registerMap = try loadRegisterMap(map, environment)
        let client = try device.client()
        let snapshot = await RegisterPoller(map: registerMap, transport: client).poll()
        await client.close()
        switch format {
        case .json:
            environment.write(ModbusFeed.json(snapshot).serialized(pretty: true) + "\n")
        case .table:
            let rows = snapshot.rows.map { [$0.register, $0.variableName, $0.unit, $0.registerValue, $0.stale == nil ? $0.realValue : "\($0.realValue) (stale)"] }
            let columns = [TextTable.Column(title: "Register"), TextTable.Column(title: "Variable", flexible: true), TextTable.Column(title: "Unit"),
                           TextTable.Column(title: "Registers", rightAligned: true), TextTable.Column(title: "Value", rightAligned: true)]
            environment.write(TextTable(columns: columns, rows: rows).render() + "\n")
        }
        if case .failed(let message) = snapshot.connection {
            environment.writeError("listor: \(message)\n")
            throw ExitCode.failure
        }
    }
}

/// The map at `path`, or the bundled TUF-2000M map. Variables the file gets wrong are reported
/// on standard error and left out; a file with none usable is an error.
func loadRegisterMap(_ path: String?, _ environment: CommandEnvironment, option: String = "--map") throws -> RegisterMap {
    guard let path else { return try RegisterMap.tuf2000m() }
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
        throw ValidationError("\(option): cannot read \(path): \(error.localizedDescription)")
    }
    do {
        let (map, problems) = try RegisterMap.decode(data)
        for problem in problems { environment.writeError("\(path): \(problem)\n") }
        guard !map.variables.isEmpty else { throw ValidationError("\(option): \(path) has no usable variables") }
        return map
    } catch let error as RegisterMapError {
        throw ValidationError("\(option): \(path): \(error)")
    }
}

// MARK: - simulate

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
        let simulation = TUF2000MSimulation(map: try RegisterMap.tuf2000m())
        let bank = simulation.makeBank(at: Date())
        let server: ModbusTCPServer
        do { server = try await ModbusTCPServer.start(host: host, port: port, bank: bank) } catch {
            environment.writeError("listor: cannot listen on \(host):\(port): \(error)\n")
            throw ExitCode.failure
        }
        environment.write("Simulated TUF-2000M on \(host):\(server.port), registers 1–100 (holding), any unit id. Ctrl-C stops it.\n")
        while !Task.isCancelled {
            simulation.update(bank, at: Date())
            try? await Task.sleep(for: .seconds(1))
        }
        try await server.close()
    }
}
