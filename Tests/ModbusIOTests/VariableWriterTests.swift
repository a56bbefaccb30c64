import Foundation
import ListorKit
import ListorTestSupport
import Modbus
import ModbusIO
import ModbusSQL
import Testing

/// Typed writes against pymodbus's server: every format in both word orders, bytes swapped or
/// not, written and read back bit for bit; a read-only register refused by name; every write,
/// taken or refused, in the audit log.
@Suite(.serialized) struct VariableWriterTests {
    /// Each format's values, as a read shows them: the edges of each, and a float32's NaN, zeros,
    /// smallest subnormal and largest finite value.
    static let values: [(RegisterFormat, Int, [String])] = [
        (.real4, 2, ["1.5", "-12.25", "NaN", "-0", "0", String(Float.leastNonzeroMagnitude), String(Float.greatestFiniteMagnitude), "-Infinity"]),
        (.long, 2, ["-2147483648", "2147483647", "-1", "0"]),
        (.ulong, 2, ["0", "4294967295", "65536"]),
        (.integer, 1, ["-32768", "32767", "-1"]),
        (.uint16, 1, ["0", "65535", "4660"]),
        (.bcd, 2, ["12345678", "99999999", "00000000", "1"]),
    ]

    @Test func everyFormatIsWrittenAndReadBackExactly() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        let directory = try TemporaryDirectory()
        let audit = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        try await PymodbusServer.with { (server: PymodbusServer) async throws in
            let client = ModbusClient(.tcp(host: "127.0.0.1", port: server.port), configuration: .init(connectTimeout: .seconds(5), responseTimeout: .seconds(5)))
            let writer = VariableWriter(device: "pymodbus", transport: client, audit: audit)
            var written = 0
            for (format, count, texts) in Self.values {
                for wordOrder in [WordOrder.lowWordFirst, .highWordFirst] {
                    for byteSwap in [false, true] {
                        let encoding = ValueEncoding(format: format, wordOrder: wordOrder, byteSwap: byteSwap)
                        let variable = RegisterVariable(name: "scratch", address: 500, count: count, encoding: encoding, writable: true)
                        for text in texts {
                            let record = try await writer.write([text], to: variable, by: .commandLine(user: "test"))
                            written += 1
                            let words = try await client.send(.readHoldingRegisters(address: 500, count: count))
                            let sent = try encoding.registers(for: text, count: count)
                            let shown = format == .bcd ? String(repeating: "0", count: 8 - text.count) + text
                                : text.contains("e") ? try encoding.reading(of: sent).text : text  // 1e-45 shown written out
                            let label = "\(format.rawValue) \(wordOrder.rawValue) swapped \(byteSwap): \(text)"
                            #expect(record.succeeded && words == .registers(sent), "\(label): \(record.answer), \(words) against \(sent)")
                            #expect(record.readBack == shown, "\(label): read back \(record.readBack ?? "nothing")")
                        }
                    }
                }
            }
            // Coils: on and off, read back.
            let coils = RegisterVariable(name: "relays", table: .coil, address: 0, count: 1, encoding: ValueEncoding(format: .bit), writable: true)
            let switched = try await writer.write(["off", "on", "0"], to: coils, by: .commandLine(user: "test"))
            #expect(switched.readBack == "0 1 0" && switched.old == "1 0 1" && switched.register == "1-2-3")

            // A read-only register: the device's refusal, by name, kept like the rest.
            let locked = RegisterVariable(name: "locked", address: 400, count: 1, encoding: ValueEncoding(format: .uint16), writable: true)
            let refused = try await writer.write(["7"], to: locked, by: .commandLine(user: "test"))
            #expect(!refused.succeeded && refused.old == "42" && refused.readBack == nil)
            #expect(refused.answer == "exception 02 (illegal data address) for write single register (06)", "\(refused.answer)")
            // A variable that cannot be written is refused before anything is sent.
            let input = RegisterVariable(name: "Inlet", table: .input, address: 0, count: 1, encoding: ValueEncoding(format: .uint16))
            await #expect(throws: RegisterValueError.self) { try await writer.write(["1"], to: input, by: .commandLine(user: "test")) }
            // So is a holding register its map does not mark writable: a measurement.
            let measured = RegisterVariable(name: "Temperature", address: 500, count: 2, encoding: ValueEncoding(format: .real4))
            let before = try await client.send(.readHoldingRegisters(address: 500, count: 2))
            let notWritable = await #expect(throws: RegisterValueError.self) { try await writer.write(["20"], to: measured, by: .commandLine(user: "test")) }
            #expect(notWritable?.description.hasPrefix("Temperature is not writable: its map does not mark it \"writable\": true") == true)
            #expect(try await client.send(.readHoldingRegisters(address: 500, count: 2)) == before, "nothing was sent")
            await client.close()

            let kept = try await audit.writes(device: "pymodbus", limit: 1000)
            #expect(kept.count == written + 2)
            #expect(kept.first?.answer == refused.answer && kept.first?.requested == "7" && kept.first?.who == "test (command line)" && kept.first?.old == "42")
            #expect(kept.dropFirst().first?.requested == "off on 0")
        }
    }
}
