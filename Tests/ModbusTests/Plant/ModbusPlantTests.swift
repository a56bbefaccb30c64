import ListorKit
import Modbus
import Testing

/// Plant files: the devices read, grouped by the line they share; a wrong file refused whole,
/// every problem named by device and field.
@Suite struct ModbusPlantTests {
    @Test func devicesAreReadAndGroupedByTheirLine() throws {
        let plant = try ModbusPlant.decode(Array("""
            {"devices": [
              {"name": "meter-1", "device": "127.0.0.1:5020", "unit": 1, "map": "tuf-2000m", "interval": 1},
              {"name": "meter-2", "device": "tcp://127.0.0.1:5020", "unit": 2, "interval": 0.5},
              {"name": "boiler", "device": "rtu:/dev/ttyUSB0?baud=9600&parity=none", "unit": 7, "map": "maps/boiler.json"},
              {"name": "pump", "device": "rtu:/dev/ttyUSB0?baud=9600&parity=none", "unit": 8},
              {"name": "gateway.3", "device": "rtu+tcp://10.0.0.9:4001", "unit": 3}
            ]}
            """.utf8))
        #expect(plant.devices.map(\.name) == ["meter-1", "meter-2", "boiler", "pump", "gateway.3"])
        #expect(plant.devices[1] == PlantDevice(name: "meter-2", link: .tcp(host: "127.0.0.1", port: 5020), unit: 2, map: .tuf2000m,
                                                interval: .milliseconds(500)))
        #expect(plant.devices[2].map == .file("maps/boiler.json"))
        #expect(plant.devices[3].interval == .seconds(1) && plant.devices[3].map == .tuf2000m)
        #expect(plant.lines.map { $0.map(\.name) } == [["meter-1", "meter-2"], ["boiler", "pump"], ["gateway.3"]])
    }

    @Test func everyProblemIsNamedByDeviceAndField() {
        let text = """
            {"devices": [
              {"name": "meter-1", "device": "127.0.0.1:5020", "unit": 1},
              {"name": "meter-1", "device": "127.0.0.1:5021"},
              {"name": "meter-3", "device": "127.0.0.1:5020", "unit": 1},
              {"name": "meter 4", "device": "127.0.0.1:5020"},
              {"name": "meter-5", "device": "127.0.0.1:0"},
              {"name": "meter-6", "device": "rtu:/dev/ttyUSB0", "unit": 0},
              {"name": "meter-7", "device": "rtu:/dev/ttyUSB0", "unit": 2},
              {"name": "meter-8", "device": "rtu:/dev/ttyUSB0?baud=9600", "unit": 3},
              {"name": "meter-9", "device": "127.0.0.1:5022", "intervall": 2},
              {"name": "meter-10", "device": "127.0.0.1:5022", "interval": 0.01},
              {"name": "meter-11", "device": "127.0.0.1:5023", "unit": 1.5},
              {"device": "127.0.0.1:5024"}
            ]}
            """
        #expect {
            try ModbusPlant.decode(Array(text.utf8))
        } throws: { error in
            guard let error = error as? ModbusPlantError else { return false }
            let said = error.problems.map(\.description)
            #expect(said == [
                #"item 1 (meter-1): name: "meter-1" is the name of item 0 too"#,
                "item 2 (meter-3): unit: unit 1 on 127.0.0.1:5020 is \"meter-1\" already",
                #"item 3 (meter 4): name: "meter 4" is not a device name: 1 to 64 letters, digits, ".", "_" or "-""#,
                #"item 4 (meter-5): device: "127.0.0.1:0" is not HOST[:PORT] with a port from 1 to 65535"#,
                "item 5 (meter-6): unit: 0 is not a unit id on an RTU line, which run from 1 to 247",
                "item 7 (meter-8): device: /dev/ttyUSB0 9600 8E1 is on the line of \"meter-7\", which is /dev/ttyUSB0 19200 8E1: devices on one line share its settings",
                #"item 8 (meter-9): "intervall" is not a field of a device; they are name, device, unit, map, interval"#,
                "item 9 (meter-10): interval: 0.01 is outside 0.1 to 3600 seconds",
                "item 10 (meter-11): unit: expected a whole number that fits Int, found the number 1.5",
                "item 11: name: missing",
            ], "\(said.joined(separator: "\n"))")
            return true
        }
    }

    @Test func aFileThatIsNoPlantSaysWhy() {
        for (text, reason) in [("[]", "expected an object"), (#"{"devices": []}"#, "devices: lists no device"), ("{", "not JSON"),
                               (#"{"devices": [], "lines": 2}"#, "devices: lists no device"),
                               (#"{"devices": [{"name": "a", "device": "127.0.0.1"}], "lines": 2}"#, #""lines" is not a field of a plant"#)] {
            #expect {
                try ModbusPlant.decode(Array(text.utf8))
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
    }
}
