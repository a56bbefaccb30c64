import Foundation
import ListorTestSupport
import Modbus
import ModbusIO
import Testing

/// Listor's Modbus TCP client against pymodbus's server: someone else's reading of the protocol.
@Suite(.serialized) struct ModbusTCPClientTests {
    func client(_ server: PymodbusServer, _ configuration: ModbusClientConfiguration = .init()) -> ModbusClient {
        ModbusClient(.tcp(host: "127.0.0.1", port: server.port), unitID: 1, configuration: configuration)
    }

    @Test func readsEveryTable() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        try await PymodbusServer.with { (server: PymodbusServer) async throws in
            let client = client(server)
            #expect(try await client.send(.readHoldingRegisters(address: 0, count: 4)) == .registers([63647, 15846, 37438, 47954]))
            #expect(try await client.send(.readInputRegisters(address: 0, count: 3)) == .registers([100, 101, 102]))
            #expect(try await client.send(.readCoils(address: 0, count: 16)) == .bits([
                true, false, true, true, false, false, true, true, true, true, false, true, false, true, true, false,
            ]))
            #expect(try await client.send(.readDiscreteInputs(address: 0, count: 8)) == .bits([true, false, true, false, true, false, true, false]))
            await client.close()
        }
    }

    @Test func convertsBothWordOrdersAndBCD() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        try await PymodbusServer.with { (server: PymodbusServer) async throws in
            let client = client(server)
            guard case .registers(let words) = try await client.send(.readHoldingRegisters(address: 200, count: 8)),
                  case .registers(let bcd) = try await client.send(.readHoldingRegisters(address: 300, count: 2)) else {
                Issue.record("not registers")
                return
            }
            #expect(try ValueEncoding(format: .real4, wordOrder: .highWordFirst).value(of: Array(words[0...1])) == "-12.5")
            #expect(try ValueEncoding(format: .long, wordOrder: .highWordFirst).value(of: Array(words[2...3])) == "-123456")
            #expect(try ValueEncoding(format: .real4, wordOrder: .lowWordFirst).value(of: Array(words[4...5])) == "-12.5")
            #expect(try ValueEncoding(format: .long, wordOrder: .lowWordFirst).value(of: Array(words[6...7])) == "-123456")
            #expect(try ValueEncoding(format: .bcd).value(of: bcd) == "12345678")
            await client.close()
        }
    }

    @Test func pollsTheTUF2000MMapFromTheDump() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        try await PymodbusServer.with { (server: PymodbusServer) async throws in
            let client = client(server)
            let poller = RegisterPoller(map: try RegisterMap.tuf2000m(), transport: client)
            let snapshot = await poller.poll()
            #expect(snapshot.connection == .connected)
            #expect(snapshot.rows.first?.registerValue == "63647-15846")
            #expect(snapshot.rows.first?.realValue == "0.112778895")
            #expect(snapshot.rows.first { $0.register == "21-22" }?.realValue == "-1104")
            #expect(snapshot.rows.first { $0.register == "53-54-55" }?.realValue == "2018-08-03 07:24:33")
            await client.close()
        }
    }

    @Test func writesReadBack() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        try await PymodbusServer.with { (server: PymodbusServer) async throws in
            let client = client(server)
            #expect(try await client.send(.writeSingleRegister(address: 300, value: 4321)) == .wroteSingleRegister(address: 300, value: 4321))
            #expect(try await client.send(.writeMultipleRegisters(address: 202, values: [1, 2])) == .wroteMultiple(address: 202, count: 2))
            #expect(try await client.send(.readHoldingRegisters(address: 300, count: 1)) == .registers([4321]))
            #expect(try await client.send(.readHoldingRegisters(address: 202, count: 2)) == .registers([1, 2]))
            #expect(try await client.send(.writeSingleCoil(address: 1, value: true)) == .wroteSingleCoil(address: 1, value: true))
            #expect(try await client.send(.writeMultipleCoils(address: 4, values: [true, true])) == .wroteMultiple(address: 4, count: 2))
            #expect(try await client.send(.readCoils(address: 0, count: 8)) == .bits(Array(repeating: true, count: 8)))
            await client.close()
        }
    }

    @Test func anUndefinedAddressIsException02() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        try await PymodbusServer.with { (server: PymodbusServer) async throws in
            let client = client(server)
            await #expect(throws: ModbusError.exception(.illegalDataAddress, function: .readHoldingRegisters)) {
                try await client.send(.readHoldingRegisters(address: 150, count: 2))
            }
            // The connection survives an exception.
            #expect(try await client.send(.readHoldingRegisters(address: 0, count: 1)) == .registers([63647]))
            await client.close()
        }
    }

    @Test func reconnectsAfterTheServerStopsAndStartsAgain() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        let first = try await PymodbusServer.start()
        let client = client(first, .init(responseTimeout: .seconds(2), initialBackoff: .milliseconds(50)))
        #expect(try await client.send(.readHoldingRegisters(address: 0, count: 1)) == .registers([63647]))
        await first.stop()
        // Stopped: the request fails with an error that names the device, whatever the moment.
        do {
            _ = try await client.send(.readHoldingRegisters(address: 0, count: 1))
            Issue.record("a read from a stopped server succeeded")
        } catch let error as ModbusError {
            #expect(error.description.contains("127.0.0.1:\(first.port)"))
        }
        let second = try await PymodbusServer.start(port: first.port)
        let reply = await Result { try await client.send(.readHoldingRegisters(address: 0, count: 1)) }
        await client.close()
        await second.stop()
        #expect(try reply.get() == .registers([63647]))
    }

    /// Debian's mbpoll, another client, reads the same registers as Listor's.
    @Test func agreesWithMbpoll() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        let mbpoll = "/usr/bin/mbpoll"
        guard FileManager.default.isExecutableFile(atPath: mbpoll) else {
            let reason = "the mbpoll cross-check needs Debian's mbpoll (apt-get install mbpoll), as .ci/run installs it"
            ExternalComponent.unavailable(reason)
            return
        }
        try await PymodbusServer.with { (server: PymodbusServer) async throws in
            let mbpoll = try ChildProcess(mbpoll, ["-m", "tcp", "-p", String(server.port), "-a", "1", "-t", "4", "-r", "1", "-c", "10", "-1", "127.0.0.1"])
            let text = try await mbpoll.exit().output
            // "[1]: \t63647 (-1889)": the register number, its unsigned value, and signed in brackets.
            let theirs = text.matches(of: /\[(\d+)\]:\s+(\d+)/).map { UInt16($0.output.2)! }
            let client = client(server)
            #expect(try await client.send(.readHoldingRegisters(address: 0, count: 10)) == .registers(theirs))
            #expect(theirs.count == 10)
            await client.close()
        }
    }
}
