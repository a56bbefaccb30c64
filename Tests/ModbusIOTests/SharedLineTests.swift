import Foundation
import ListorTestSupport
@testable import Modbus
import ModbusIO
import Testing

/// Several devices on one line, against pymodbus's server with several units behind one address:
/// each unit's requests go out one at a time among the others', every answer is its own unit's,
/// and a unit that never answers costs its neighbours one timeout now and then, not every poll.
@Suite(.serialized) struct SharedLineTests {
    /// What pymodbus's trace says went over the line: each packet received (a request) or sent
    /// (an answer), in order.
    struct Packet {
        let sent: Bool
        let bytes: [UInt8]
    }

    static func packets(_ path: String) throws -> [Packet] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            let hex = Array(parts[1].utf8)
            let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0 }
            return Packet(sent: parts[0] == "send", bytes: bytes)
        }
    }

    /// The unit a request is for: in the MBAP header, or first in an RTU frame.
    static func unit(of request: [UInt8], rtu: Bool) -> UInt8 { rtu ? request[0] : request[6] }

    static func link(_ server: PymodbusServer, rtu: Bool) -> ModbusLink {
        rtu ? .rtuOverTCP(host: "127.0.0.1", port: server.port) : .tcp(host: "127.0.0.1", port: server.port)
    }

    @Test("three units behind one address, asked all at once: one request on the line at a time, each answered by its own unit",
          arguments: [false, true])
    func unitsShareTheLineOneRequestAtATime(rtuOverTCP: Bool) async throws {
        guard await !PymodbusServer.isMissing() else { return }
        let directory = try TemporaryDirectory()
        let trace = directory.path("trace")
        let server = try await PymodbusServer.start(rtuOverTCP: rtuOverTCP, units: [1, 2, 3], trace: trace)
        let line = ModbusLine(Self.link(server, rtu: rtuOverTCP), configuration: .init(connectTimeout: .seconds(5), responseTimeout: .seconds(5)))
        let answers = await withTaskGroup(of: [Bool].self) { group in
            for unit in [UInt8(1), 2, 3] {
                let client = ModbusClient(line: line, unitID: unit)
                let expected = ModbusResponse.registers((0..<10).map { 100 * UInt16(unit) + $0 })
                group.addTask {
                    var answers: [Bool] = []
                    for round in 0..<20 {
                        if round % 2 == 0 {
                            answers.append((try? await client.send(.readInputRegisters(address: 0, count: 10))) == expected)
                        } else {
                            // A poll's batch: two reads that go out one after the other.
                            let results = await client.send([.readInputRegisters(address: 0, count: 10), .readInputRegisters(address: 0, count: 10)])
                            answers += results.map { (try? $0.get()) == expected }
                        }
                    }
                    return answers
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        await line.close()
        await server.stop()
        #expect(answers.count == 90 && answers.allSatisfy { $0 })
        let packets = try Self.packets(trace)
        #expect(packets.count == 180)
        // Request, answer, request, answer: never a second request before the first's answer,
        // and each packet one frame.
        #expect(packets.enumerated().allSatisfy { $0.offset % 2 == 1 ? $0.element.sent : !$0.element.sent })
        #expect(packets.filter { !$0.sent }.allSatisfy { $0.bytes.count == (rtuOverTCP ? 8 : 12) })
        let units = packets.filter { !$0.sent }.map { Self.unit(of: $0.bytes, rtu: rtuOverTCP) }
        #expect([UInt8(1), 2, 3].map { unit in units.filter { $0 == unit }.count } == [30, 30, 30])
    }

    @Test("three units on one serial line (a socat pair), asked all at once: one frame on the line at a time, each answered by its own unit")
    func unitsShareASerialLine() async throws {
        let noSocat = SerialPair.isMissing()
        let noPymodbus = await PymodbusServer.isMissing(serial: true)
        guard !noSocat, !noPymodbus else { return }
        let directory = try TemporaryDirectory()
        let trace = directory.path("trace")
        let pair = try SerialPair()
        do {
            try await pair.plugIn()
            let server = try await PymodbusServer.startSerial(path: pair.device, baudRate: 9600, parity: "N", units: [1, 2, 3], trace: trace)
            let line = ModbusLine(.rtu(SerialLine(path: pair.client, baudRate: 9600, parity: .none)), configuration: .init(connectTimeout: .seconds(5), responseTimeout: .seconds(5)))
            let answers = await withTaskGroup(of: [Bool].self) { group in
                for unit in [UInt8(1), 2, 3] {
                    let client = ModbusClient(line: line, unitID: unit)
                    let expected = ModbusResponse.registers((0..<10).map { 100 * UInt16(unit) + $0 })
                    group.addTask {
                        var answers: [Bool] = []
                        for _ in 0..<5 { answers.append((try? await client.send(.readInputRegisters(address: 0, count: 10))) == expected) }
                        return answers
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            await line.close()
            await server.stop()
            await pair.remove()
            #expect(answers.count == 15 && answers.allSatisfy { $0 })
            // On a serial line a frame may come in pieces: what counts is that no request
            // starts before the answer to the one before it has gone out.
            var received = 0
            var overlapping = 0
            for packet in try Self.packets(trace) {
                received = packet.sent ? 0 : received + packet.bytes.count
                if received > 8 { overlapping += 1 }  // more than one read request (8 bytes) before an answer
            }
            #expect(overlapping == 0)
        } catch {
            await pair.remove()
            throw error
        }
    }

    @Test("a unit that never answers is polled less and less often, and its neighbours keep theirs", arguments: [false, true])
    func aSilentUnitBacksOffAlone(rtuOverTCP: Bool) async throws {
        guard await !PymodbusServer.isMissing() else { return }
        let directory = try TemporaryDirectory()
        let trace = directory.path("trace")
        let server = try await PymodbusServer.start(rtuOverTCP: rtuOverTCP, units: [1, 2], trace: trace)
        let line = ModbusLine(Self.link(server, rtu: rtuOverTCP), configuration: .init(connectTimeout: .seconds(5), responseTimeout: .milliseconds(200)))
        let (map, _) = try RegisterMap.decode(Array(#"{"registers": [{"name": "first", "table": "input", "start": 1, "format": "UINT16"}]}"#.utf8))
        var monitors: [RegisterMonitor] = []
        for unit in [UInt8(1), 2, 9] {
            monitors.append(await RegisterMonitor(poller: RegisterPoller(map: map, transport: ModbusClient(line: line, unitID: unit)), interval: .milliseconds(100)))
        }
        let polling = monitors.map { monitor in Task { await monitor.run() } }
        // Thirty polls of unit 1, as its monitor hands them on.
        let updates = try #require(await monitors[0].updates())
        var polls = 0
        for await snapshot in updates where snapshot.updated != nil {
            #expect(snapshot.connection == .connected && snapshot.rows[0].realValue == "100")
            polls += 1
            if polls == 30 { break }
        }
        for task in polling { task.cancel() }
        for task in polling { await task.value }
        await line.close()
        await server.stop()
        let silent = await monitors[2].snapshot
        #expect(!silent.answered && silent.rows[0].stale != nil, "\(silent.connection)")

        let requests = try Self.packets(trace).filter { !$0.sent }.map { Self.unit(of: $0.bytes, rtu: rtuOverTCP) }
        let count = { (unit: UInt8) in requests.filter { $0 == unit }.count }
        // Units 1 and 2 keep one rate, within a fifth: a loaded machine may run one monitor's polls a little late.
        #expect(count(1) >= 30 && count(2) * 5 >= count(1) * 4 && count(1) * 5 >= count(2) * 4, "units 1 and 2: \(count(1)) and \(count(2)) polls")
        #expect(count(9) >= 2 && count(9) * 2 < count(1), "unit 9 asked \(count(9)) times while unit 1 was polled \(count(1)) times")
    }

    @Test func theWaitDoublesWhileADeviceIsSilentUpToItsLimit() {
        let waits = (0...8).map { RegisterMonitor.wait(.milliseconds(500), misses: $0) }
        #expect(waits == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5), .seconds(5), .seconds(5), .seconds(5)])
        #expect(RegisterMonitor.wait(.seconds(10), misses: 5) == .seconds(30))
        #expect(RegisterMonitor.wait(.seconds(60), misses: 5) == .seconds(60))
    }
}
