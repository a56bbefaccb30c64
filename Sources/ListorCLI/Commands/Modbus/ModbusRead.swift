import ArgumentParser
import Foundation
import ListorKit
import Modbus

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
