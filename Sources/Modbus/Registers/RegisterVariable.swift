import Foundation
import ListorKit

/// One variable of a device: where its registers are and how to read them.
public struct RegisterVariable: Sendable, Hashable {
    public var name: String
    public var unit: String
    public var table: RegisterTable
    /// The protocol address of the first register (0-based).
    public var address: UInt16
    public var count: Int
    public var encoding: ValueEncoding
    /// The first register's number as the map wrote it, in its numbering.
    public var numbering: RegisterNumbering
    /// The variable's alarm thresholds, when the map sets them.
    public var alarm: AlarmRule?
    /// Whether it may be written: a setpoint, a switch. Only when the map says so (`"writable":
    /// true`), as Home Assistant's `number` and `switch` are set apart from its sensors: a
    /// measurement in a holding register is read, never written.
    public var writable: Bool

    public init(name: String, unit: String = "", table: RegisterTable = .holding, address: UInt16, count: Int,
                encoding: ValueEncoding, numbering: RegisterNumbering = .oneBased, alarm: AlarmRule? = nil, writable: Bool = false) {
        self.name = name
        self.unit = unit
        self.table = table
        self.address = address
        self.count = count
        self.encoding = encoding
        self.numbering = numbering
        self.alarm = alarm
        self.writable = writable
    }

    /// The registers as the seed's feed names them: "1-2", "51", "53-54-55".
    public var registerLabel: String {
        (0..<count).map { String(Int(address) + numbering.first + $0) }.joined(separator: "-")
    }

    /// The protocol addresses this variable covers.
    public var addresses: ClosedRange<Int> { Int(address)...(Int(address) + count - 1) }
}
