import ArgumentParser
import Foundation
import ListorKit
import Modbus

struct ModbusWrite: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Write holding registers or coils.",
        discussion: """
            One value writes with function 06 or 05, several with 16 or 15. Coils take 1/0, on/off or true/false;
            registers take the format reads show: --format float 1.5, --format long -123456, in the word order given.
            """)

    @OptionGroup var device: DeviceOptions
    @OptionGroup var address: AddressOptions
    @OptionGroup var value: ValueFormatOptions
    // Unrecognised words are values too, so that negative numbers need no "--" before them.
    @Argument(parsing: .allUnrecognized, help: "The values, in order from the reference.")
    var values: [String] = []

    func run(in environment: CommandEnvironment) async throws {
        let start = try address.address()
        guard !values.isEmpty else { throw ValidationError("give at least one value to write") }
        let request: ModbusRequest
        switch address.table {
        case .holding:
            let encoding = try value.encoding()
            var registers: [UInt16] = []
            for (index, text) in values.enumerated() {
                do {
                    registers += try encoding.registers(for: text)
                } catch {
                    throw ValidationError("value \(index + 1): \(error.description)")
                }
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
        let written = address.table == .coil ? values.count : values.count * value.format.registers
        let noun = address.table == .coil ? (written == 1 ? "coil" : "coils") : (written == 1 ? "register" : "registers")
        environment.write("wrote \(written) \(noun) from \(address.reference)\n")
    }
}
