import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Modbus

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
