import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Modbus

struct ModbusWrite: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write holding registers or coils, read them back, and keep the write in the audit log.",
        discussion: """
            One value writes with function 06 or 05, several with 16 or 15. Coils take 1/0, on/off or true/false;
            registers take the format reads show: --format float 1.5, --format long -123456, in the word order given.
            With --variable, a variable of the register map (--map, the TUF-2000M's by default) is written in its own
            format; only a variable the map marks "writable": true. With --plant (the file serve --modbus-plant takes),
            the device is one of the plant's, by its name or by an address and unit one of them has: --variable is in its
            map, and the write is kept under its name, as the server's own writes are. The value before and the value
            read back are printed, and every write, taken or refused, is kept in the audit log: the data directory's
            modbus-history.sqlite, or --modbus-history-db.
            """)

    @OptionGroup var device: DeviceOptions
    @OptionGroup var address: AddressOptions
    @OptionGroup var value: ValueFormatOptions
    @Option(help: ArgumentHelp("A variable of the map to write, by its name or its registers (1-2), instead of -t, -r and --format.",
                               valueName: "name"))
    var variable: String?
    @Option(help: ArgumentHelp("The register map --variable is in (JSON; default: the TUF-2000M's).", valueName: "file"))
    var map: String?
    @Option(help: ArgumentHelp("A plant file, as serve --modbus-plant takes it: the device is one of its devices, by name or by its address and unit.",
                               valueName: "file"))
    var plant: String?
    @OptionGroup var dataDirectory: DataDirectoryOption
    @OptionGroup var history: ModbusHistoryOption
    // Unrecognised words are values too, so that negative numbers need no "--" before them.
    @Argument(parsing: .allUnrecognized, help: "The values, in order from the reference.")
    var values: [String] = []

    func run(in environment: CommandEnvironment) async throws {
        guard !values.isEmpty else { throw ValidationError("give at least one value to write") }
        let (name, link, unit, deviceMap) = try self.destination(environment)
        let target = try self.target(environment, map: deviceMap)
        do { _ = try VariableWriter.request(values, to: target) } catch { throw ValidationError(error.description) }
        let directory = try DataDirectory.prepare(dataDirectory.directory(in: environment.variables))
        let who = environment.author
        let timeout = Duration.milliseconds(Int(device.timeout * 1000))
        let record = try await ResourceScope.with { scope in
            let audit = try await ModbusComposition.history(try history.database, dataDirectory: directory, in: scope)
            let client = ModbusComposition.client(link, unit: unit, timeout: timeout, in: scope)
            return try await VariableWriter(device: name, transport: client, audit: audit).write(values, to: target, by: who)
        }
        guard record.succeeded else {
            environment.writeError("listor: \(record.answer); the write is kept in the audit log\n")
            throw ExitCode.failure
        }
        let named = variable == nil ? "" : " (\(target.name))"
        environment.write("wrote \(record.requested) to \(record.register)\(named)" + (plant == nil ? "" : " of \(name)") + ": was \(record.old ?? "unreadable"), reads back \(record.readBack ?? "unreadable")\n")
    }

    /// Where the write goes and what the audit log calls it: a plant device (named, or found by
    /// its address and unit), with its map; or the address given, as "HOST:PORT, unit N".
    private func destination(_ environment: CommandEnvironment) throws -> (name: String, link: ModbusLink, unit: UInt8, map: RegisterMap?) {
        guard let plant else { return ("\(try device.link()), unit \(device.unit)", try device.link(), device.unit, nil) }
        if map != nil { throw ValidationError("--map: the plant file names each device's map; give --plant without --map") }
        let (loaded, maps) = try ModbusComposition.plant(at: plant, option: "--plant", environment)
        let link = try? device.link()
        guard let index = loaded.devices.firstIndex(where: { $0.name == device.device })
                ?? loaded.devices.firstIndex(where: { $0.link == link && $0.unit == device.unit }) else {
            throw ValidationError("\(plant) has no device \"\(device.device)\" (by name, or at that address and unit \(device.unit)); it has "
                                  + loaded.devices.map { "\($0.name) (\($0.link), unit \($0.unit))" }.joined(separator: ", "))
        }
        let found = loaded.devices[index]
        return (found.name, found.link, found.unit, maps[index])
    }

    /// The variable the values go to: one of the map's, or the registers -t, -r and --format name.
    private func target(_ environment: CommandEnvironment, map deviceMap: RegisterMap?) throws -> RegisterVariable {
        guard let variable else {
            let table = address.table
            let encoding = table.holdsBits ? ValueEncoding(format: .bit) : try value.encoding()
            return RegisterVariable(name: "\(table.rawValue) \(address.reference)", table: table, address: try address.address(),
                                    count: table.holdsBits ? 1 : value.format.registers, encoding: encoding,
                                    numbering: address.zeroBased ? .zeroBased : .oneBased, writable: true)
        }
        let map = try deviceMap ?? ModbusComposition.registerMap(self.map, environment, option: "--map")
        guard let found = map.variable(named: variable) else {
            let wanted = variable.trimmed().lowercased()
            let close = map.variables.filter { $0.name.lowercased().contains(wanted) }.prefix(5).map { "\"\($0.name)\" (\($0.registerLabel))" }
            throw ValidationError("--variable: the map has no variable \"\(variable)\"" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"))
        }
        return found
    }
}
