import ArgumentParser
import Foundation
import ListorKit
import Modbus

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
