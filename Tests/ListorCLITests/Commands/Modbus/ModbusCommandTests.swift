import Foundation
import ListorTestSupport
import Modbus
@testable import ModbusCLI
import ModbusIO
import ModbusSQL
import Testing

/// `listor modbus …` against a device on loopback whose registers the test sets.
@Suite struct ModbusCommandTests {
    /// A device on loopback whose registers the test sets. The commands run against it are given
    /// a minute to answer (`--timeout 60`): a test process busy with others' tests may take
    /// longer than a real device's two seconds to answer, and this suite is about what they print.
    func withDevice(_ body: (String) async throws -> Void) async throws {
        var tables = ModbusRegisterBank.Tables()
        tables.setHolding([63647, 15846, 23, 0, 65535], from: 0)
        tables.coils = [0: true, 1: false, 2: true]
        let server = try await ModbusTCPServer.start(port: 0, bank: ModbusRegisterBank(tables))
        do {
            try await body("127.0.0.1:\(server.port)")
        } catch {
            try await server.close()
            throw error
        }
        try await server.close()
    }

    /// A Modbus RTU device on a serial port (pymodbus's, on a pseudo-terminal pair), named as
    /// mbpoll names it.
    @Test func readsAndPollsASerialDeviceAsMbpollSpellsIt() async throws {
        let noSocat = SerialPair.isMissing()
        guard await !PymodbusServer.isMissing(serial: true), !noSocat else { return }
        let pair = try SerialPair()
        try await pair.plugIn()
        let server = try await PymodbusServer.startSerial(path: pair.device, baudRate: 9600, parity: "N")
        let read = await listor(["modbus", "read", pair.client, "-m", "rtu", "-b", "9600", "-P", "none", "-a", "1", "-r", "1", "-c", "2"])
        let poll = await listor(["modbus", "poll", pair.client, "-b", "9600", "-P", "none", "--format", "json"])
        let wrongMode = await listor(["modbus", "read", pair.client, "-m", "tcp"])
        await server.stop()
        await pair.remove()
        #expect(read.output == "[1]: \t63647 (-1889)\n[2]: \t15846\n")
        #expect(poll.exitCode == 0, "\(poll.errorOutput)")
        #expect(poll.output.contains(#""real_value": "0.112778895""#))
        #expect(wrongMode.exitCode == 64)
        #expect(wrongMode.errorOutput.hasPrefix("Error: -m tcp: \(pair.client) is a serial port, which speaks RTU (-m rtu)"))
    }

    @Test func lineSettingsAreCheckedAndBelongToSerialPorts() async {
        let baud = await listor(["modbus", "read", "/dev/ttyUSB0", "-b", "9601"])
        #expect(baud.exitCode == 64)
        #expect(baud.errorOutput.hasPrefix("Error: baud rate 9601 is not one of 1200, 2400"))
        let tcp = await listor(["modbus", "read", "127.0.0.1", "-P", "none"])
        #expect(tcp.errorOutput.hasPrefix("Error: -P: only a serial port takes line settings; 127.0.0.1 is reached over TCP"))
        let missing = await listor(["modbus", "read", "/dev/listor-no-such-port", "--timeout", "1"])
        #expect(missing.exitCode == 1)
        #expect(missing.errorOutput == "listor: cannot connect to /dev/listor-no-such-port: No such file or directory\n")
    }

    @Test func readsAsMbpollPrints() async throws {
        try await withDevice { device in
            let result = await listor(["modbus", "read", device, "--timeout", "60", "-r", "1", "-c", "5"])
            #expect(result.exitCode == 0)
            #expect(result.output == "[1]: \t63647 (-1889)\n[2]: \t15846\n[3]: \t23\n[4]: \t0\n[5]: \t65535 (-1)\n")
            #expect(await listor(["modbus", "read", device, "--timeout", "60", "-r", "0", "-0", "--format", "float"]).output == "[0]: \t0.112778895\n")
            #expect(await listor(["modbus", "read", device, "--timeout", "60", "-t", "coil", "-r", "1", "-c", "3"]).output == "[1]: \t1\n[2]: \t0\n[3]: \t1\n")
        }
    }

    @Test func exceptionsAndUnreachableDevicesExitOneWithTheirNames() async throws {
        try await withDevice { device in
            let result = await listor(["modbus", "read", device, "--timeout", "60", "-r", "10"])
            #expect(result.exitCode == 1)
            #expect(result.errorOutput == "listor: exception 02 (illegal data address) for read holding registers (03)\n")
            let limit = await listor(["modbus", "read", device, "--timeout", "60", "-c", "126"])
            #expect(limit.exitCode == 64)
            #expect(limit.errorOutput.hasPrefix("Error: invalid request: read holding registers (03) takes 1 to 125 registers, not 126\n"))
        }
    }

    @Test func writesThenReadsBack() async throws {
        try await withDevice { device in
            let first = await listor(["modbus", "write", device, "--timeout", "60", "-r", "3", "7", "-2"])
            #expect(first.output == "wrote 7 -2 to 3-4: was 23 0, reads back 7 65534\n", "\(first.errorOutput)")
            #expect(await listor(["modbus", "read", device, "--timeout", "60", "-r", "3", "-c", "2", "--format", "hex"]).output == "[3]: \t0x0007\n[4]: \t0xFFFE\n")
            let bad = await listor(["modbus", "write", device, "--timeout", "60", "-r", "3", "70000"])
            #expect(bad.exitCode == 64)
            #expect(bad.errorOutput.hasPrefix("Error: value 1: \"70000\" is not a 16-bit number"))
            // Every format reads take, in either word order.
            let floats = await listor(["modbus", "write", device, "--timeout", "60", "-r", "1", "--format", "float", "1.5", "-12.25"]).output
            #expect(floats.hasPrefix("wrote 1.5 -12.25 to 1-2-3-4: was 0.112778895 ") && floats.hasSuffix(", reads back 1.5 -12.25\n"), "\(floats)")
            #expect(await listor(["modbus", "read", device, "--timeout", "60", "-r", "1", "-c", "2", "--format", "float"]).output == "[1]: \t1.5\n[3]: \t-12.25\n")
            #expect(await listor(["modbus", "write", device, "--timeout", "60", "-r", "1", "--format", "long", "--word-order", "ABCD", "-123456"]).exitCode == 0)
            #expect(await listor(["modbus", "read", device, "--timeout", "60", "-r", "1", "--format", "long", "--word-order", "ABCD"]).output == "[1]: \t-123456\n")
            #expect(await listor(["modbus", "read", device, "--timeout", "60", "-r", "1", "-c", "2", "--format", "hex"]).output == "[1]: \t0xFFFE\n[2]: \t0x1DC0\n")
            #expect(await listor(["modbus", "write", device, "--timeout", "60", "-r", "1", "--format", "ulong", "4294967295"]).exitCode == 0)
            #expect(await listor(["modbus", "read", device, "--timeout", "60", "-r", "1", "--format", "ulong"]).output == "[1]: \t4294967295\n")
            let notFloat = await listor(["modbus", "write", device, "--timeout", "60", "-r", "1", "--format", "float", "1e39"])
            #expect(notFloat.errorOutput.hasPrefix(#"Error: value 1: "1e39" is not a number a float32 holds (REAL4)"#))
            let notLong = await listor(["modbus", "write", device, "--timeout", "60", "-r", "1", "--format", "ulong", "-1"])
            #expect(notLong.errorOutput.hasPrefix(#"Error: value 1: "-1" is not a whole number for ULONG, 0 to 4294967295"#))
        }
    }

    /// With the plant file, a write names a plant device (or its address and unit): its map's
    /// variable, only a writable one, and the audit log keeps it under the device's name.
    @Test func aWriteToAPlantDeviceIsKeptUnderItsName() async throws {
        try await withDevice { device in
            let directory = try TemporaryDirectory()
            _ = try directory.write("pump.json", Array(#"{"device": "Pump", "registers": [{"name": "Setpoint", "start": 3, "format": "UINT16", "writable": true}, {"name": "Flow", "start": 1, "format": "REAL4"}]}"#.utf8))
            let plant = try directory.write("plant.json", Array(#"{"devices": [{"name": "pump", "device": "\#(device)", "unit": 1, "map": "pump.json"}]}"#.utf8))
            let data = ["--data-dir", directory.path("data")]
            let named = await listor(["modbus", "write", "--plant", plant, "pump", "--variable", "Setpoint", "--timeout", "60", "7"] + data)
            #expect(named.output == "wrote 7 to 3 (Setpoint) of pump: was 23, reads back 7\n", "\(named.errorOutput)")
            let byAddress = await listor(["modbus", "write", "--plant", plant, device, "-r", "3", "--timeout", "60", "8"] + data)
            #expect(byAddress.exitCode == 0 && byAddress.output.hasSuffix(" of pump: was 7, reads back 8\n"), "\(byAddress.output)\(byAddress.errorOutput)")
            let measured = await listor(["modbus", "write", "--plant", plant, "pump", "--variable", "Flow", "--timeout", "60", "1"] + data)
            #expect(measured.exitCode == 64 && measured.errorOutput.contains("Flow is not writable"), "\(measured.errorOutput)")
            let unknown = await listor(["modbus", "write", "--plant", plant, "boiler", "--variable", "Setpoint", "7"] + data)
            #expect(unknown.exitCode == 64 && unknown.errorOutput.contains("has no device \"boiler\""), "\(unknown.errorOutput)")
            let kept = try await SQLPlantHistory(path: directory.path("data/modbus-history.sqlite")).writes(device: "pump", limit: 10)
            #expect(kept.map(\.requested) == ["8", "7"], "both writes under the plant's name for the device")
        }
    }

    @Test func pollsAMapIntoTheSeedsFeed() async throws {
        try await withDevice { device in
            let map = FileManager.default.temporaryDirectory.appendingPathComponent("listor-map-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: map) }
            try Data("""
                {"device": "test", "registers": [
                  {"start": 1, "name": "Flow Rate", "unit": "m3/h", "format": "REAL4"},
                  {"start": 3, "name": "Total", "format": "LONG"},
                  {"start": 9, "name": "Missing", "format": "UINT16"},
                  {"start": 5, "name": "Broken", "format": "FLOAT"}
                ]}
                """.utf8).write(to: map)
            let result = await listor(["modbus", "poll", device, "--timeout", "60", "--map", map.path, "--format", "json"])
            #expect(result.exitCode == 1, "register 9 is not defined")
            #expect(result.errorOutput == """
                \(map.path): item 3 (Broken): format: "FLOAT" is not one of REAL4, LONG, ULONG, INTEGER, UINT16, BCD, BIT, CALENDAR
                listor: exception 02 (illegal data address) for read holding registers (03)

                """)
            #expect(result.output.contains(#""register": "1-2","#))
            #expect(result.output.contains(#""real_value": "0.112778895""#))
            #expect(result.output.contains(#""stale": "true""#), "every field a string, as the original app decodes them")
        }
    }
}

/// The one string `serve --modbus-device` takes, in each transport.
@Suite struct ModbusDeviceAddressTests {
    @Test func everyTransportHasOneClearForm() throws {
        #expect(try ModbusDeviceAddress.link("10.0.0.7") == .tcp(host: "10.0.0.7", port: 502))
        #expect(try ModbusDeviceAddress.link("tcp://[::1]:1502") == .tcp(host: "::1", port: 1502))
        #expect(try ModbusDeviceAddress.link("rtu+tcp://gateway:4001") == .rtuOverTCP(host: "gateway", port: 4001))
        #expect(try ModbusDeviceAddress.link("rtu:/dev/ttyUSB0") == .rtu(SerialLine(path: "/dev/ttyUSB0", baudRate: 19200, dataBits: 8, parity: .even, stopBits: 1)))
        #expect(try ModbusDeviceAddress.link("rtu:/dev/ttyUSB0?baud=9600&parity=none&data=7&stop=2")
            == .rtu(SerialLine(path: "/dev/ttyUSB0", baudRate: 9600, dataBits: 7, parity: .none, stopBits: 2)))
        #expect(throws: (any Error).self) { try ModbusDeviceAddress.link("rtu:/dev/ttyUSB0?speed=9600") }
        #expect(throws: (any Error).self) { try ModbusDeviceAddress.link("rtu:ttyUSB0") }
    }
}

/// `listor modbus history` on the history `serve` keeps in the data directory.
@Suite struct ModbusHistoryCommandTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_260)  // 2026-11-18 11:11:00 UTC

    func withHistory(_ body: (String) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        try await store.describe(try RegisterMap.tuf2000m().variables)
        for second in 0..<60 {
            try await store.record([TrendSample(variable: "1-2", time: Self.start.addingTimeInterval(Double(second)), value: second == 3 ? nil : Double(second) / 4)])
        }
        try await body(directory.url.path)
    }

    @Test func aPlantsHistoryIsReadByDevice() async throws {
        let directory = try TemporaryDirectory()
        let history = try SQLPlantHistory(path: directory.path("modbus-history.sqlite"))
        for (device, value) in [("meter-1", 1.5), ("meter-2", 2.5)] {
            let store = history.device(device)
            try await store.describe(try RegisterMap.tuf2000m().variables)
            try await store.record([TrendSample(variable: "1-2", time: Self.start, value: value)])
        }
        let range = ["--from", "2026-11-18T11:11:00Z", "--to", "2026-11-18T11:11:05Z", "--data-dir", directory.url.path, "--format", "csv"]
        let unnamed = await listor(["modbus", "history", "1"] + range)
        #expect(unnamed.exitCode == 64)
        #expect(unnamed.errorOutput.contains(#"--device: the history at \#(directory.url.path)/modbus-history.sqlite holds 2 devices; name one of "meter-1", "meter-2""#))
        let second = await listor(["modbus", "history", "1", "--device", "meter-2"] + range)
        #expect(second.output == "time,value\r\n2026-11-18T11:11:00.000Z,2.5\r\n", "\(second.errorOutput)")
        let unknown = await listor(["modbus", "history", "1", "--device", "boiler"] + range)
        #expect(unknown.exitCode == 64 && unknown.errorOutput.contains(#"holds no device "boiler"; it holds "meter-1", "meter-2""#))
    }

    @Test func printsSamplesAndStepsAsTableJSONAndCSV() async throws {
        try await withHistory { dataDirectory in
            let range = ["--from", "2026-11-18T11:11:00Z", "--to", "2026-11-18T11:11:05Z", "--data-dir", dataDirectory]
            let table = await listor(["modbus", "history", "1"] + range)
            #expect(table.exitCode == 0, "\(table.errorOutput)")
            #expect(table.output == """
                Flow Rate (m3/h), registers 1-2: 5 samples
                time                      value
                2026-11-18T11:11:00.000Z      0
                2026-11-18T11:11:01.000Z   0.25
                2026-11-18T11:11:02.000Z    0.5
                2026-11-18T11:11:03.000Z
                2026-11-18T11:11:04.000Z      1

                """)
            let csv = await listor(["modbus", "history", "1-2", "--from", "2026-11-18T11:11:00Z", "--to", "2026-11-18T11:12:00Z", "--step", "30s",
                                    "--format", "csv", "--data-dir", dataDirectory])
            #expect(csv.output == "time,min,max,mean,last,count\r\n2026-11-18T11:11:00.000Z,0,7.25,3.724138,7.25,29\r\n2026-11-18T11:11:30.000Z,7.5,14.75,11.125,14.75,30\r\n")
            let json = await listor(["modbus", "history", "1"] + range + ["--format", "json"])
            #expect(json.output.contains(#""time": "2026-11-18T11:11:03.000Z","#) && json.output.contains(#""value": null"#))
        }
    }

    @Test func badInputIsNamed() async throws {
        try await withHistory { dataDirectory in
            let time = await listor(["modbus", "history", "1", "--from", "yesterday", "--data-dir", dataDirectory])
            #expect(time.exitCode == 64)
            #expect(time.errorOutput.hasPrefix(#"Error: --from: "yesterday" is not a time"#))
            let distant = await listor(["modbus", "history", "1", "--from", "99999999999w", "--data-dir", dataDirectory])
            #expect(distant.exitCode == 64)
            #expect(distant.errorOutput.hasPrefix(#"Error: --from: "99999999999w" is before 1970-01-01, outside the times a history holds"#))
            let unknown = await listor(["modbus", "history", "500", "--data-dir", dataDirectory])
            #expect(unknown.exitCode == 1)
            #expect(unknown.errorOutput == "listor: no variable at register 500; the map has 1-2, 3-4, 5-6, 7-8, 9-10, 11-12, …\n")
        }
        let empty = try TemporaryDirectory()
        let none = await listor(["modbus", "history", "1", "--data-dir", empty.url.path])
        #expect(none.exitCode == 1)
        #expect(none.errorOutput.contains("no Modbus history at \(empty.url.path)/modbus-history.sqlite"))
    }
}
