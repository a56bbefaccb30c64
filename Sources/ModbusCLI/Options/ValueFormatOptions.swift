import ArgumentParser
import ListorCommandKit
import Modbus

/// How `modbus read` shows registers and `modbus write` takes values: 16-bit (`int`, `hex`,
/// `bcd`), or a value in two registers (`float`, `long`, `ulong`) in either word order, bytes
/// swapped or not, as mbpoll's `-t 4:float` and Modbus Poll's formats do.
struct ValueFormatOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case int, hex, bcd, float, long, ulong

        /// How many registers one value takes.
        var registers: Int { self == .int || self == .hex || self == .bcd ? 1 : 2 }
    }

    @Option(help: "int (16-bit, unsigned and signed), hex, bcd (four digits), or float, long, ulong (two registers each).")
    var format: Format = .int
    @Option(name: .customLong("word-order"), help: "For float, long and ulong: CDAB (low word first, the default) or ABCD.")
    var wordOrder: String = "CDAB"
    @Flag(name: .customLong("byte-swap"), help: "Swap the two bytes of every register.")
    var byteSwap = false

    func validate() throws {
        _ = try encoding()
    }

    /// The core's encoding of one value.
    func encoding() throws -> ValueEncoding {
        guard let order = WordOrder(rawValue: wordOrder.uppercased()) else {
            throw ValidationError("--word-order: \"\(wordOrder)\" is not CDAB or ABCD")
        }
        let format: RegisterFormat = switch format {
        case .int, .hex: .uint16
        case .bcd: .bcd
        case .float: .real4
        case .long: .long
        case .ulong: .ulong
        }
        return ValueEncoding(format: format, wordOrder: order, byteSwap: byteSwap)
    }
}
