import Synchronization

/// A device's four tables in memory, for simulated devices. Only defined addresses answer;
/// a request that touches any other gets exception 02 (illegal data address), as real devices do.
public final class ModbusRegisterBank: Sendable {
    public struct Tables: Sendable {
        public var coils: [UInt16: Bool] = [:]
        public var discreteInputs: [UInt16: Bool] = [:]
        public var holdingRegisters: [UInt16: UInt16] = [:]
        public var inputRegisters: [UInt16: UInt16] = [:]

        public init() {}

        public mutating func setHolding(_ values: [UInt16], from address: UInt16) {
            for (offset, value) in values.enumerated() { holdingRegisters[address &+ UInt16(offset)] = value }
        }
    }

    private let tables: Mutex<Tables>

    public init(_ tables: Tables = Tables()) {
        self.tables = Mutex(tables)
    }

    public func update(_ body: (inout Tables) -> Void) {
        tables.withLock { body(&$0) }
    }

    /// The response a device gives to `request`, or the exception it answers with.
    public func respond(to request: ModbusRequest) -> Result<ModbusResponse, ModbusExceptionCode> {
        tables.withLock { tables in
            func range(_ address: UInt16, _ count: Int) -> [UInt16] { (0..<count).map { address &+ UInt16($0) } }
            func read<T>(_ table: [UInt16: T], _ address: UInt16, _ count: Int) -> [T]? {
                let values = range(address, count).compactMap { table[$0] }
                return values.count == count ? values : nil
            }
            func defined<T>(_ table: [UInt16: T], _ address: UInt16, _ count: Int) -> Bool {
                range(address, count).allSatisfy { table[$0] != nil }
            }
            switch request {
            case .readCoils(let address, let count):
                return read(tables.coils, address, count).map { .success(.bits($0)) } ?? .failure(.illegalDataAddress)
            case .readDiscreteInputs(let address, let count):
                return read(tables.discreteInputs, address, count).map { .success(.bits($0)) } ?? .failure(.illegalDataAddress)
            case .readHoldingRegisters(let address, let count):
                return read(tables.holdingRegisters, address, count).map { .success(.registers($0)) } ?? .failure(.illegalDataAddress)
            case .readInputRegisters(let address, let count):
                return read(tables.inputRegisters, address, count).map { .success(.registers($0)) } ?? .failure(.illegalDataAddress)
            case .writeSingleCoil(let address, let value):
                guard defined(tables.coils, address, 1) else { return .failure(.illegalDataAddress) }
                tables.coils[address] = value
                return .success(.wroteSingleCoil(address: address, value: value))
            case .writeSingleRegister(let address, let value):
                guard defined(tables.holdingRegisters, address, 1) else { return .failure(.illegalDataAddress) }
                tables.holdingRegisters[address] = value
                return .success(.wroteSingleRegister(address: address, value: value))
            case .writeMultipleCoils(let address, let values):
                guard defined(tables.coils, address, values.count) else { return .failure(.illegalDataAddress) }
                for (offset, value) in values.enumerated() { tables.coils[address &+ UInt16(offset)] = value }
                return .success(.wroteMultiple(address: address, count: values.count))
            case .writeMultipleRegisters(let address, let values):
                guard defined(tables.holdingRegisters, address, values.count) else { return .failure(.illegalDataAddress) }
                tables.setHolding(values, from: address)
                return .success(.wroteMultiple(address: address, count: values.count))
            }
        }
    }
}
