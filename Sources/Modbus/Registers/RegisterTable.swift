import Foundation
import ListorKit

/// The four Modbus data tables.
public enum RegisterTable: String, Sendable, CaseIterable {
    case coil, discrete, input, holding

    /// Single bits rather than 16-bit registers.
    public var holdsBits: Bool { self == .coil || self == .discrete }
    /// Whether a write can reach it: holding registers and coils; input registers and discrete inputs are read-only.
    public var isWritable: Bool { self == .holding || self == .coil }

    public var readMaximum: Int { holdsBits ? ModbusRequest.maximumReadBits : ModbusRequest.maximumReadRegisters }

    /// The read request for `count` items from `address`.
    public func read(address: UInt16, count: Int) -> ModbusRequest {
        switch self {
        case .coil: .readCoils(address: address, count: count)
        case .discrete: .readDiscreteInputs(address: address, count: count)
        case .input: .readInputRegisters(address: address, count: count)
        case .holding: .readHoldingRegisters(address: address, count: count)
        }
    }
}
