import Foundation
import ListorKit
@testable import Modbus
import Testing

/// Alarms from a map's thresholds: raised on the poll that crosses (or once crossed for the
/// minimum duration), cleared only past the hysteresis, no flapping on a noisy signal.
@Suite struct AlarmTrackerTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func map(_ alarm: String) throws -> RegisterMap {
        let (map, problems) = try RegisterMap.decode(Array(#"{"device": "tank", "registers": [{"name": "Level", "unit": "m", "start": 1, "format": "UINT16", "alarm": \#(alarm)}]}"#.utf8))
        #expect(problems.isEmpty, "\(problems)")
        return map
    }

    static func rows(_ value: Double?, stale: Bool = false) -> [ModbusRow] {
        var row = ModbusRow(register: "1", variableName: "Level", unit: "m")
        row.number = value
        if stale { row.stale = ModbusRow.Staleness(error: "timeout", since: start) }
        return [row]
    }

    @Test func raisedOnThePollThatCrossesAndClearedPastTheHysteresis() throws {
        var tracker = AlarmTracker(device: "tank-1", map: try Self.map(#"{"high": 100, "low": 10, "hysteresis": 5}"#))
        func poll(_ value: Double?, _ second: Int, stale: Bool = false) -> [String] {
            tracker.update(Self.rows(value, stale: stale), at: Self.start.addingTimeInterval(Double(second))).map(\.description)
        }
        #expect(poll(50, 0).isEmpty)
        #expect(poll(101, 1) == ["high alarm raised on Level (1): 101 m, above 100 m"])
        #expect(tracker.active.map(\.value) == [101])
        #expect(poll(99, 2).isEmpty, "inside the hysteresis")
        #expect(poll(nil, 3, stale: true).isEmpty, "a stale row changes nothing")
        #expect(poll(95, 4) == ["high alarm cleared on Level (1): 95 m, back under 95 m"], "the level it came back past: the threshold less the hysteresis")
        #expect(tracker.active.isEmpty)
        #expect(poll(9, 5) == ["low alarm raised on Level (1): 9 m, below 10 m"])
        #expect(poll(14, 6).isEmpty)
        #expect(poll(15, 7) == ["low alarm cleared on Level (1): 15 m, back over 15 m"])
    }

    /// An alarm's numbers are written as the variable's value is: with its `decimals`.
    @Test func anAlarmSaysItsNumbersWithTheVariablesDecimals() throws {
        let (map, _) = try RegisterMap.decode(Array(#"{"device": "boiler", "registers": [{"name": "Temperature", "unit": "°C", "start": 1, "format": "REAL4", "decimals": 1, "alarm": {"high": 85, "hysteresis": 2}}]}"#.utf8))
        var tracker = AlarmTracker(device: "boiler", map: map)
        func poll(_ value: Double, _ second: Int) -> [String] {
            var row = ModbusRow(register: "1-2", variableName: "Temperature", unit: "°C")
            row.number = value
            return tracker.update([row], at: Self.start.addingTimeInterval(Double(second))).map(\.description)
        }
        #expect(poll(85.29357, 0) == ["high alarm raised on Temperature (1-2): 85.3 °C, above 85.0 °C"])
        #expect(poll(82.91234, 1) == ["high alarm cleared on Temperature (1-2): 82.9 °C, back under 83.0 °C"])
        let variable = TrendVariable(register: "1-2", name: "Temperature", unit: "°C", decimals: try #require(map.variables.first?.encoding.shownDecimals))
        #expect(variable.text(84.123456789) == "84.1")
        let series = TrendSeries(variable: variable, from: Self.start, to: Self.start, step: 60,
                                 points: [TrendPoint(time: Self.start, minimum: 80.04, maximum: 86.96, mean: 83.3333333, last: 85.26, count: 3)])
        #expect(series.rows.first == [TrendSeries.timeText(Self.start), "80.0", "87.0", "83.3", "85.3", "3"], "\(series.rows)")
    }

    @Test func aNoisySignalAtTheThresholdRaisesOnceAndNeverFlaps() throws {
        var tracker = AlarmTracker(device: "tank-1", map: try Self.map(#"{"high": 100, "hysteresis": 5}"#))
        var random = SystemRandomNumberGenerator()
        var events: [AlarmEvent] = []
        // ±2 % around the threshold for 2,000 polls, starting above it.
        events += tracker.update(Self.rows(101), at: Self.start)
        for second in 1...2000 {
            events += tracker.update(Self.rows(100 * (1 + Double.random(in: -0.02...0.02, using: &random))), at: Self.start.addingTimeInterval(Double(second)))
        }
        #expect(events.map(\.change) == [.raised])
        events += tracker.update(Self.rows(90), at: Self.start.addingTimeInterval(2001))
        #expect(events.map(\.change) == [.raised, .cleared])
    }

    @Test func aMinimumDurationWaitsForTheCrossingToLast() throws {
        var tracker = AlarmTracker(device: "tank-1", map: try Self.map(#"{"high": 100, "for": 3}"#))
        func poll(_ value: Double, _ second: Int) -> [AlarmEvent.Change] {
            tracker.update(Self.rows(value), at: Self.start.addingTimeInterval(Double(second))).map(\.change)
        }
        #expect(poll(120, 0).isEmpty && poll(120, 2).isEmpty)
        #expect(poll(80, 3).isEmpty, "back under before the three seconds: no alarm")
        #expect(poll(120, 4).isEmpty && poll(120, 6).isEmpty)
        #expect(poll(120, 7) == [.raised], "three seconds over")
    }

    @Test func aWrongAlarmIsNamedInTheMap() throws {
        for (alarm, reason) in [(#"{}"#, "give a high or a low threshold, or both"), (#"{"high": 1, "low": 2}"#, "low: 2.0 is not below the high threshold 1.0"),
                                (#"{"high": 10, "low": 0, "hysteresis": 10}"#, "hysteresis: 10.0 is not less than the gap"), (#"{"high": 1, "above": 2}"#, #""above" is not a field of an alarm"#)] {
            let (_, problems) = try RegisterMap.decode(Array(#"{"registers": [{"name": "Level", "start": 1, "format": "UINT16", "alarm": \#(alarm)}]}"#.utf8))
            #expect(problems.map(\.description).first?.contains(reason) == true, "\(problems)")
        }
    }
}
