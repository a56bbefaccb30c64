import Foundation
import Modbus
import ModbusIO
import Testing

/// Listor's client against Listor's simulated TUF-2000M over real TCP on loopback.
@Suite struct ModbusTCPServerTests {
    @Test func theSimulatedMeterAnswersItsMapAndRefusesTheGaps() async throws {
        let map = try RegisterMap.tuf2000m()
        let started = Date(timeIntervalSince1970: 1_795_000_000)
        let simulation = TUF2000MSimulation(map: map, started: started)
        let bank = simulation.makeBank(at: started)
        let server = try await ModbusTCPServer.start(port: 0, bank: bank)
        let client = ModbusClient(.tcp(host: "127.0.0.1", port: server.port))

        let poller = RegisterPoller(map: map, transport: client)
        var snapshot = await poller.poll()
        #expect(snapshot.connection == .connected)
        #expect(snapshot.rows.allSatisfy { $0.stale == nil && !$0.realValue.isEmpty })
        #expect(snapshot.rows.first?.realValue == "0.1128", "flow at the start")
        // 2026-11-18 11:06:40 UTC in the meter's calendar, a BCD byte each, low byte first per
        // register: seconds and minutes, hour and day, month and year.
        #expect(snapshot.rows.first { $0.register == "53-54-55" }?.realValue == "2026-11-18 11:06:40", "its calendar, read as a date and time")

        await #expect(throws: ModbusError.exception(.illegalDataAddress, function: .readHoldingRegisters)) {
            try await client.send(.readHoldingRegisters(address: 51, count: 1))
        }
        #expect(try await client.send(.writeSingleRegister(address: 59, value: 7)) == .wroteSingleRegister(address: 59, value: 7))
        await #expect(throws: ModbusError.exception(.illegalDataAddress, function: .readCoils)) {
            try await client.send(.readCoils(address: 0, count: 1))
        }

        // Two and a half minutes on, the flow has moved and the accumulator has not gone back.
        simulation.update(bank, at: started + 150)
        snapshot = await poller.poll()
        #expect(snapshot.rows.first?.realValue != "0.1128")
        #expect(Int(snapshot.rows.first { $0.register == "9-10" }?.realValue ?? "") ?? -1 >= 23)

        await client.close()
        try await server.close()
    }
}
