import Foundation
import ListorKit

/// A TUF-2000M ultrasonic flow meter in software: registers 1–100 as the meter's map lays them
/// out, with a flow that drifts over minutes, accumulators that count it up, temperatures that
/// wander a little and a calendar that keeps time. Registers the manual leaves out answer
/// exception 02.
public struct TUF2000MSimulation: Sendable {
    public let started: Date
    private let map: RegisterMap

    public init(map: RegisterMap, started: Date = Date()) {
        self.map = map
        self.started = started
    }

    /// A register bank defining exactly the map's registers, filled for `date`.
    public func makeBank(at date: Date) -> ModbusRegisterBank {
        let bank = ModbusRegisterBank()
        update(bank, at: date)
        return bank
    }

    /// Writes the meter's readings for `date` into `bank`.
    public func update(_ bank: ModbusRegisterBank, at date: Date) {
        let registers = values(at: date)
        bank.update { tables in
            for variable in map.variables where variable.table == .holding {
                let start = Int(variable.address)
                guard let words = registers[start] else { continue }
                tables.setHolding(words, from: variable.address)
            }
        }
    }

    /// The registers of each variable, by the protocol address of its first register.
    func values(at date: Date) -> [Int: [UInt16]] {
        let elapsed = max(0, date.timeIntervalSince(started))
        // Flow in m³/h: a slow swell over ten minutes and a faster ripple, never negative.
        let flow = max(0, 0.1128 + 0.03 * sin(elapsed / 600 * 2 * .pi) + 0.004 * sin(elapsed / 7))
        let meanFlow = 0.1128
        let volume = 23 + meanFlow * elapsed / 3600 - 0.03 * 600 / (2 * .pi) / 3600 * (cos(elapsed / 600 * 2 * .pi) - 1)
        let energyRate = flow * 0.0418
        let inlet = 11.14 + 0.3 * sin(elapsed / 900)
        let outlet = 17.95 + 0.2 * sin(elapsed / 1100)
        let velocity = flow / (3600 * .pi * 0.0125 * 0.0125)
        let soundSpeed = 1484.0 + 0.5 * sin(elapsed / 300)
        let travel = 48.80 + 0.01 * sin(elapsed / 50)
        let delta = 1.9 + 0.5 * flow / meanFlow

        func real(_ value: Double) -> [UInt16] {
            let bits = Float(value).bitPattern
            return [UInt16(bits & 0xFFFF), UInt16(bits >> 16)]  // low word first, as the meter sends
        }
        func long(_ value: Int) -> [UInt16] {
            let bits = UInt32(bitPattern: Int32(clamping: value))
            return [UInt16(bits & 0xFFFF), UInt16(bits >> 16)]
        }
        func bcd(_ digits: Int...) -> UInt16 {
            digits.reduce(0) { $0 << 4 | UInt16($1 % 10) }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = DateText.utc
        let now = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        // Seconds and minutes, hours and day, month and year: one BCD byte each, low byte first.
        func pair(_ low: Int, _ high: Int) -> UInt16 { bcd(high / 10, high % 10, low / 10, low % 10) }
        let quality = 61 + Int(2 * sin(elapsed / 40))

        return [
            0: real(flow), 2: real(energyRate), 4: real(velocity), 6: real(soundSpeed),
            8: long(Int(volume)), 10: real(volume - volume.rounded(.down)),
            12: long(0), 14: real(0),
            16: long(1989 + Int(elapsed * energyRate / 3600 * 100)), 18: real(0.43),
            20: long(-1104), 22: real(-0.21),
            24: long(Int(volume)), 26: real(volume - volume.rounded(.down)),
            28: long(3093), 30: real(0.61),
            32: real(inlet), 34: real(outlet),
            36: real(0.0096), 38: real(0.0095), 40: real(-0.6),
            42: real(4.02), 44: real(4.01), 46: real(4.03),
            48: [0, 0], 50: [0],
            52: [pair(now.second ?? 0, now.minute ?? 0), pair(now.hour ?? 0, now.day ?? 1), pair(now.month ?? 1, (now.year ?? 2000) % 100)],
            55: [0], 58: [0], 59: [255], 60: [120], 61: [0],
            71: [0],
            76: real(108.48), 78: real(108.61),
            80: real(travel), 82: real(delta), 84: real(travel - delta / 2000), 86: real(travel + delta / 2000),
            88: real(4.0 + 16 * min(1, flow / 0.5)),
            91: [UInt16(3 << 8 | quality)], 92: [3475], 93: [3477], 95: [1],
            96: real(100.1), 98: real(892.8 * flow / meanFlow),
        ]
    }
}
