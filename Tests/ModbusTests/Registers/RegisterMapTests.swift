import Foundation
import ListorKit
import Testing
@testable import Modbus

@Suite struct RegisterMapTests {
    @Test func theBundledTUF2000MMapCoversRegistersOneToAHundred() throws {
        let map = try RegisterMap.tuf2000m()
        #expect(map.device == "TUF-2000M ultrasonic flow meter")
        #expect(map.variables.count == 46)
        let flow = try #require(map.variables.first)
        #expect(flow.registerLabel == "1-2")
        #expect(flow.address == 0)
        #expect(flow.encoding == ValueEncoding(format: .real4, wordOrder: .lowWordFirst))
        #expect(map.variables.map(\.registerLabel).contains("53-54-55"))
        #expect(map.variables.last?.registerLabel == "99-100")
        // The seed's table named three different inputs "Current input at AI3".
        #expect(Set(map.variables.map(\.name)).count == map.variables.count)
    }

    /// The command line, the web's write form and the trends name a variable alike.
    @Test func aVariableIsNamedByItsNameItsRegisterOrItsFirstRegister() throws {
        let map = try RegisterMap.tuf2000m()
        let flow = try #require(map.variables.first)
        #expect(map.variable(named: " \(flow.name.uppercased()) ") == flow)
        #expect(map.variable(named: "1-2") == flow)
        #expect(map.variable(named: "1") == flow)
        #expect(map.variable(named: "53")?.registerLabel == "53-54-55")
        #expect(map.variable(named: "2") == nil, "the second register of a variable is not its name")
        #expect(map.variable(named: "no such thing") == nil)
    }

    @Test func badVariablesAreReportedAndTheGoodOnesKept() throws {
        let json = """
            {"device": "test", "numbering": "0-based", "registers": [
              {"start": 0, "name": "ok", "format": "REAL4"},
              {"start": 2, "name": "bad format", "format": "REAL8"},
              {"start": 4, "name": "bad count", "format": "LONG", "count": 3},
              {"start": -1, "name": "bad start", "format": "UINT16"},
              {"start": 9, "name": "coil as real", "table": "coil", "format": "REAL4"},
              {"start": 5, "name": "", "format": "UINT16"},
              {"start": 7, "name": "no format"},
              {"start": 8, "name": "bits", "table": "coil", "count": 4},
              {"start": 10, "name": "scaled", "format": "integer", "scale": 0.1, "word_order": "abcd", "byte_swap": true}
            ]}
            """
        let (map, problems) = try RegisterMap.decode(Array(json.utf8))
        #expect(map.variables.map(\.name) == ["ok", "bits", "scaled"])
        #expect(map.variables.map(\.registerLabel) == ["0-1", "8-9-10-11", "10"])
        #expect(map.variables[2].encoding == ValueEncoding(format: .integer, wordOrder: .highWordFirst, byteSwap: true, scale: 0.1))
        #expect(problems.map(\.description) == [
            "item 1 (bad format): format: \"REAL8\" is not one of REAL4, LONG, ULONG, INTEGER, UINT16, BCD, BIT, CALENDAR",
            "item 2 (bad count): count: LONG takes 2 registers, not 3",
            "item 3 (bad start): start: -1 is not a register number; 0-based numbers run from 0 to 65535",
            "item 4 (coil as real): format: a coil holds bits; its format is BIT, not REAL4",
            "item 5: name: must not be empty",
            "item 6 (no format): format: missing",
        ])
    }

    @Test func unusableFilesSayWhere() {
        #expect(throws: RegisterMapError.self) { try RegisterMap.decode(Array("{\"registers\": [}".utf8)) }
        do {
            _ = try RegisterMap.decode(Array("{\n  \"registers\": [}".utf8))
        } catch {
            #expect(error.description.hasPrefix("not JSON: line 2, column 17"))
        }
        do {
            _ = try RegisterMap.decode(Array("{\"registers\": 5}".utf8))
        } catch {
            #expect(error.description == "not a register map: registers: expected an array of variables")
        }
    }
}

@Suite struct ReadPlanTests {
    func variable(_ name: String, _ address: UInt16, _ count: Int, _ table: RegisterTable = .holding) -> RegisterVariable {
        RegisterVariable(name: name, table: table, address: address, count: count,
                         encoding: ValueEncoding(format: table.holdsBits ? .bit : .uint16), numbering: .zeroBased)
    }

    @Test func theTUF2000MMapIsReadInAsFewRequestsAsItsGapsAllow() throws {
        let plan = ReadPlan(try RegisterMap.tuf2000m())
        // 1–51, 53–56, 59–62, 72, 77–90, 92–94, 96–100: the manual leaves 52, 57–58, 63–71, 73–76, 91 and 95 out.
        #expect(plan.reads.map { "\(Int($0.address) + 1)+\($0.count)" } == ["1+51", "53+4", "59+4", "72+1", "77+14", "92+3", "96+5"])
        #expect(plan.reads.allSatisfy { $0.table == .holding })
    }

    @Test func touchingAndOverlappingVariablesShareAReadUpToTheLimit() {
        let map = RegisterMap(device: "", variables: [
            variable("a", 0, 100), variable("b", 100, 25), variable("c", 125, 1), variable("d", 120, 2),
            variable("e", 200, 1), variable("f", 0, 8, .coil), variable("g", 8, 8, .coil),
        ])
        let plan = ReadPlan(map)
        #expect(plan.reads.map(\.request) == [
            .readCoils(address: 0, count: 16),
            .readHoldingRegisters(address: 0, count: 125),
            .readHoldingRegisters(address: 125, count: 1),
            .readHoldingRegisters(address: 200, count: 1),
        ])
        #expect(plan.reads[1].variables == [0, 1, 3], "in address order")
    }
}
