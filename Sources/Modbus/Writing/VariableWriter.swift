import Foundation
import ListorKit

/// Writes a variable as a technician means it: the value in the variable's own format (its word
/// order, byte swap and scale, or a coil's on and off), the value before read first and the
/// value after read back, and the write kept in the audit log whether the device took it or
/// refused it. The user action behind `listor modbus write --variable` and a variable's form.
public struct VariableWriter: Sendable {
    public let device: String
    private let transport: any ModbusTransport
    private let audit: (any WriteAudit)?
    private let now: @Sendable () -> Date

    public init(device: String, transport: any ModbusTransport, audit: (any WriteAudit)? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.device = device
        self.transport = transport
        self.audit = audit
        self.now = now
    }

    /// Writes `values` for `who`: the first into `variable`'s registers (or coil), each next one
    /// into as many registers (or the coil) after it, in one request. A variable that cannot be
    /// written, or a value that does not fit its format, throws before anything is sent;
    /// otherwise the record says what happened, and is kept (a log that cannot be written throws
    /// after the write, saying so).
    public func write(_ values: [String], to variable: RegisterVariable, by writer: ChangeAuthor) async throws -> WriteRecord {
        let (request, span) = try Self.request(values, to: variable)
        let old = await read(span, as: variable)
        var record = WriteRecord(time: now(), who: writer.description, device: device, register: span.registerLabel, variable: variable.name, old: old,
                                 requested: values.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "),
                                 readBack: nil, answer: "written", succeeded: true)
        do {
            _ = try await transport.send(request)
            record.readBack = await read(span, as: variable)
        } catch {
            record.answer = (error as? ModbusError)?.description ?? "\(error)"
            record.succeeded = false
        }
        if let audit { try await audit.record(record) }
        return record
    }

    /// Whether `variable` can be written at all: one its map marks writable, a coil, or holding
    /// registers in a format a write can take (not BIT or CALENDAR).
    public static func canWrite(_ variable: RegisterVariable) -> Bool {
        variable.writable
            && (variable.table == .coil || (variable.table == .holding && variable.encoding.format != .bit && variable.encoding.format != .calendar))
    }

    /// The request that writes `values` from `variable` on, and the registers or coils it covers;
    /// or why there is none.
    public static func request(_ values: [String], to variable: RegisterVariable) throws(RegisterValueError) -> (ModbusRequest, RegisterVariable) {
        guard !values.isEmpty else { throw RegisterValueError("give a value to write") }
        guard variable.writable || !variable.table.isWritable else {
            throw RegisterValueError("\(variable.name) is not writable: its map does not mark it \"writable\": true (a measurement is read, never written)")
        }
        var span = variable
        let request: ModbusRequest
        switch variable.table {
        case .holding:
            var words: [UInt16] = []
            for (index, value) in values.enumerated() {
                let more: [UInt16]
                do { more = try variable.encoding.registers(for: value, count: variable.count) } catch {
                    throw RegisterValueError("value \(index + 1): \(error.description)")
                }
                guard more.count == variable.count else {
                    throw RegisterValueError("\(variable.name) takes \(variable.count) registers; \"\(value)\" gives \(more.count)")
                }
                words += more
            }
            span.count = words.count
            request = words.count == 1 ? .writeSingleRegister(address: variable.address, value: words[0])
                : .writeMultipleRegisters(address: variable.address, values: words)
        case .coil:
            let bits = try values.enumerated().map { index, value throws(RegisterValueError) -> Bool in
                switch value.trimmingCharacters(in: .whitespaces).lowercased() {
                case "1", "on", "true": return true
                case "0", "off", "false": return false
                default: throw RegisterValueError("value \(index + 1): \"\(value)\" is not 1/0, on/off or true/false")
                }
            }
            span.count = bits.count
            request = bits.count == 1 ? .writeSingleCoil(address: variable.address, value: bits[0]) : .writeMultipleCoils(address: variable.address, values: bits)
        case .input, .discrete:
            throw RegisterValueError("\(variable.name) is in the \(variable.table.rawValue) table, which is read-only; holding registers and coils can be written")
        }
        do { try request.validate() } catch { throw RegisterValueError(error.description) }
        guard Int(variable.address) + span.count - 1 <= 0xFFFF else { throw RegisterValueError("\(span.count) from \(variable.registerLabel) run past the last address") }
        return (request, span)
    }

    /// The values in `span` now, each as `variable`'s reading shows it; nil when they cannot be read.
    private func read(_ span: RegisterVariable, as variable: RegisterVariable) async -> String? {
        guard let response = try? await transport.send(span.table.read(address: span.address, count: span.count)) else { return nil }
        switch response {
        case .registers(let words) where words.count == span.count && variable.count > 0:
            let values = stride(from: 0, to: words.count, by: variable.count).map { start in
                (try? variable.encoding.reading(of: Array(words[start..<min(start + variable.count, words.count)])).text) ?? "?"
            }
            return values.joined(separator: " ")
        case .bits(let bits): return bits.prefix(span.count).map { $0 ? "1" : "0" }.joined(separator: " ")
        default: return nil
        }
    }
}
