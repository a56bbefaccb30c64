import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Modbus

struct ModbusRead: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read registers or bits once and print them, one per line.",
        discussion: "Exception responses are printed by name (e.g. exception 02 (illegal data address)) and exit 1.")

    @OptionGroup var device: DeviceOptions
    @OptionGroup var address: AddressOptions
    @Option(name: [.customShort("c"), .customLong("count")], help: "How many values (registers, pairs of them, or bits).")
    var count: Int = 1
    @OptionGroup var value: ValueFormatOptions

    func run(in environment: CommandEnvironment) async throws {
        let encoding = try value.encoding()
        let format = value.format
        let start = try address.address()
        let request = address.table.read(address: start, count: count * format.registers)
        let response = try await device.send(request, environment)
        var lines: [String] = []
        switch response {
        case .bits(let bits):
            for (offset, bit) in bits.enumerated() { lines.append("[\(address.reference + offset)]: \t\(bit ? 1 : 0)") }
        case .registers(let registers) where format != .int && format != .hex:
            let size = format.registers
            for index in 0..<count {
                let value = try encoding.value(of: Array(registers[index * size..<index * size + size]))
                lines.append("[\(address.reference + index * size)]: \t\(value)")
            }
        case .registers(let registers):
            for (offset, raw) in registers.enumerated() {
                let register = value.byteSwap ? raw.byteSwapped : raw
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
