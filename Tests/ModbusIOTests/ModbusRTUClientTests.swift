import Foundation
import ListorTestSupport
import Modbus
import ModbusIO
import Testing

/// Listor's Modbus RTU client against pymodbus's serial server, on a pseudo-terminal pair that
/// socat joins, and against pymodbus's RTU-over-TCP server: someone else's reading of the framing.
@Suite struct ModbusRTUClientTests {
    static let line = (baudRate: 9600, parity: SerialLine.Parity.none)

    /// Runs `body` with a serial pair whose device end pymodbus serves.
    func withDevice(_ body: (SerialPair, PymodbusServer) async throws -> Void) async throws {
        let pair = try SerialPair()
        do {
            try await pair.plugIn()
            let server = try await PymodbusServer.startSerial(path: pair.device, baudRate: Self.line.baudRate, parity: "N")
            let outcome = await Result { try await body(pair, server) }
            await server.stop()
            await pair.remove()
            try outcome.get()
        } catch {
            await pair.remove()
            throw error
        }
    }

    func client(_ pair: SerialPair, unitID: UInt8 = 1, _ configuration: ModbusClientConfiguration = .init()) -> ModbusClient {
        ModbusClient(.rtu(SerialLine(path: pair.client, baudRate: Self.line.baudRate, parity: Self.line.parity)), unitID: unitID, configuration: configuration)
    }

    /// Input register 6 (address 5) is answered with a wrong CRC: the client says so.
    func expectCRCError(from client: ModbusClient) async throws {
        do {
            _ = try await client.send(.readInputRegisters(address: 5, count: 1))
            Issue.record("a frame with a wrong CRC was taken")
        } catch let error as ModbusError {
            guard case .crcMismatch = error else { throw error }
            #expect(error.description.hasPrefix("CRC error: the frame carries 0x"))
        }
    }

    static func missing() async -> Bool {
        let noSocat = SerialPair.isMissing()
        let noPymodbus = await PymodbusServer.isMissing(serial: true)
        return noSocat || noPymodbus
    }

    @Test func readsAndWritesEveryTableOverASerialLine() async throws {
        guard await !Self.missing() else { return }
        try await withDevice { pair, _ in
            let client = client(pair)
            #expect(try await client.send(.readHoldingRegisters(address: 0, count: 4)) == .registers([63647, 15846, 37438, 47954]))
            #expect(try await client.send(.readInputRegisters(address: 0, count: 3)) == .registers([100, 101, 102]))
            #expect(try await client.send(.readCoils(address: 0, count: 16)) == .bits([
                true, false, true, true, false, false, true, true, true, true, false, true, false, true, true, false,
            ]))
            #expect(try await client.send(.readDiscreteInputs(address: 0, count: 8)) == .bits([true, false, true, false, true, false, true, false]))
            guard case .registers(let words) = try await client.send(.readHoldingRegisters(address: 200, count: 8)) else {
                Issue.record("not registers")
                return
            }
            #expect(try ValueEncoding(format: .real4, wordOrder: .highWordFirst).value(of: Array(words[0...1])) == "-12.5")
            #expect(try ValueEncoding(format: .long, wordOrder: .lowWordFirst).value(of: Array(words[6...7])) == "-123456")
            #expect(try await client.send(.writeSingleRegister(address: 300, value: 0x4321)) == .wroteSingleRegister(address: 300, value: 0x4321))
            #expect(try await client.send(.readHoldingRegisters(address: 300, count: 2)) == .registers([0x4321, 0x5678]))
            #expect(try await client.send(.writeMultipleRegisters(address: 300, values: [7, 8])) == .wroteMultiple(address: 300, count: 2))
            #expect(try await client.send(.readHoldingRegisters(address: 300, count: 2)) == .registers([7, 8]))
            #expect(try await client.send(.writeSingleCoil(address: 1, value: true)) == .wroteSingleCoil(address: 1, value: true))
            #expect(try await client.send(.writeMultipleCoils(address: 2, values: [false, false])) == .wroteMultiple(address: 2, count: 2))
            #expect(try await client.send(.readCoils(address: 0, count: 4)) == .bits([true, true, false, false]))
            await client.close()
        }
    }

    /// An exception, a frame with a wrong CRC and one cut short each fail their own request,
    /// and the line goes on serving the next; a request that gets no answer times out.
    @Test func exceptionsNoiseShortFramesAndSilence() async throws {
        guard await !Self.missing() else { return }
        try await withDevice { pair, _ in
            let client = client(pair, ModbusClientConfiguration(responseTimeout: .seconds(1)))
            await #expect(throws: ModbusError.exception(.illegalDataAddress, function: .readHoldingRegisters)) {
                try await client.send(.readHoldingRegisters(address: 150, count: 2))
            }
            try await expectCRCError(from: client)
            #expect(try await client.send(.readInputRegisters(address: 0, count: 1)) == .registers([100]))
            await #expect(throws: ModbusError.malformed("the RTU frame stopped after 4 bytes")) {
                try await client.send(.readInputRegisters(address: 6, count: 1))
            }
            #expect(try await client.send(.readInputRegisters(address: 1, count: 1)) == .registers([101]))
            await #expect(throws: ModbusError.responseTimeout(endpoint: pair.client, seconds: 1)) {
                try await client.send(.readInputRegisters(address: 7, count: 1))
            }
            #expect(try await client.send(.readInputRegisters(address: 2, count: 1)) == .registers([102]))
            await client.close()
        }
    }

    /// The adapter is unplugged under a running client, and plugged in again: the loss is
    /// reported, and the port is opened again once it is back.
    @Test func aPortThatVanishesIsReopenedWhenItComesBack() async throws {
        guard await !Self.missing() else { return }
        try await withDevice { pair, server in
            let client = client(pair, ModbusClientConfiguration(responseTimeout: .seconds(1), initialBackoff: .milliseconds(20), maximumBackoff: .milliseconds(200)))
            #expect(try await client.send(.readInputRegisters(address: 0, count: 1)) == .registers([100]))
            await server.stop()
            await pair.unplug()
            do {
                _ = try await client.send(.readInputRegisters(address: 0, count: 1))
                Issue.record("a read went through an unplugged port")
            } catch let error as ModbusError {
                #expect(error.isLinkFailure, "\(error)")
                #expect(error.description.contains(pair.client), "\(error)")
            }
            await #expect(throws: ModbusError.connectFailed(endpoint: pair.client, reason: "No such file or directory")) {
                try await client.send(.readInputRegisters(address: 0, count: 1))
            }

            try await pair.plugIn()
            let again = try await PymodbusServer.startSerial(path: pair.device, baudRate: Self.line.baudRate, parity: "N")
            // Each failed attempt waits out the client's backoff; the port is back, so one of the
            // first few gets through.
            var reply: ModbusResponse?
            for _ in 0..<20 where reply == nil {
                reply = try? await client.send(.readInputRegisters(address: 0, count: 1))
            }
            #expect(reply == .registers([100]))
            await client.close()
            await again.stop()
        }
    }

    /// A poll of the TUF-2000M's map over RTU gives what it gives over TCP.
    @Test func pollsTheMeterOverRTU() async throws {
        guard await !Self.missing() else { return }
        try await withDevice { pair, _ in
            let client = client(pair)
            let snapshot = await RegisterPoller(map: try RegisterMap.tuf2000m(), transport: client).poll()
            #expect(snapshot.connection == .connected)
            #expect(snapshot.rows.first?.realValue == "0.112778895")
            #expect(snapshot.rows.first { $0.register == "53-54-55" }?.realValue == "2018-08-03 07:24:33")
            await client.close()
        }
    }

    /// Debian's mbpoll reads the same registers over the same kind of line.
    @Test func agreesWithMbpollOverRTU() async throws {
        guard await !Self.missing() else { return }
        let mbpoll = "/usr/bin/mbpoll"
        guard FileManager.default.isExecutableFile(atPath: mbpoll) else {
            let reason = "the mbpoll cross-check needs Debian's mbpoll (apt-get install mbpoll), as .ci/run installs it"
            ExternalComponent.unavailable(reason)
            return
        }
        try await withDevice { pair, _ in
            let process = try ChildProcess(mbpoll, ["-m", "rtu", "-b", "9600", "-P", "none", "-a", "1", "-t", "4", "-r", "1", "-c", "10", "-1", pair.client])
            let text = try await process.exit().output
            let theirs = text.matches(of: /\[(\d+)\]:\s+(\d+)/).map { UInt16($0.output.2)! }
            #expect(theirs.count == 10, "\(text)")
            let client = client(pair)
            #expect(try await client.send(.readHoldingRegisters(address: 0, count: 10)) == .registers(theirs))
            await client.close()
        }
    }

    /// RTU frames over TCP, as an Ethernet gateway passes them on.
    @Test func rtuOverTCP() async throws {
        guard await !PymodbusServer.isMissing() else { return }
        try await PymodbusServer.with(rtuOverTCP: true) { (server: PymodbusServer) async throws in
            let client = ModbusClient(.rtuOverTCP(host: "127.0.0.1", port: server.port), unitID: 1)
            #expect(try await client.send(.readHoldingRegisters(address: 0, count: 2)) == .registers([63647, 15846]))
            await #expect(throws: ModbusError.exception(.illegalDataAddress, function: .readHoldingRegisters)) {
                try await client.send(.readHoldingRegisters(address: 150, count: 2))
            }
            try await expectCRCError(from: client)
            #expect(try await client.send(.readCoils(address: 0, count: 3)) == .bits([true, false, true]))
            await client.close()
        }
    }

}
