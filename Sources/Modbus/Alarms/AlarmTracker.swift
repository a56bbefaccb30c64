import Foundation
import ListorKit

/// Follows the alarms of a map's variables poll by poll: a threshold crossed for the rule's
/// minimum duration raises its alarm (on the poll that crosses it when there is none), and the
/// alarm clears only once the value is back past the threshold by the hysteresis, so that a
/// value hovering at the threshold does not raise and clear it again and again. A stale row
/// changes nothing.
public struct AlarmTracker: Sendable {
    private enum State: Sendable {
        case normal
        case pending(since: Date)
        case raised(AlarmEvent)
    }

    private struct Key: Hashable {
        let variable: Int
        let kind: AlarmEvent.Kind
    }

    public let device: String
    private let variables: [RegisterVariable]
    private var states: [Key: State] = [:]

    public init(device: String, map: RegisterMap) {
        self.device = device
        variables = map.variables
    }

    /// The alarms raised now, in map order: each one's raising.
    public var active: [AlarmEvent] {
        states.compactMap { key, state in if case .raised(let event) = state { (key, event) } else { nil } }
            .sorted { ($0.0.variable, $0.0.kind.rawValue) < ($1.0.variable, $1.0.kind.rawValue) }.map(\.1)
    }

    /// Takes one poll's rows (in map order) at `time`; returns the alarms raised and cleared by it.
    public mutating func update(_ rows: [ModbusRow], at time: Date) -> [AlarmEvent] {
        var events: [AlarmEvent] = []
        for (index, variable) in variables.enumerated() {
            guard let rule = variable.alarm, index < rows.count, rows[index].stale == nil, let value = rows[index].number, !value.isNaN else { continue }
            if let high = rule.high {
                events += step(Key(variable: index, kind: .high), variable, rule, value: value, threshold: high, clearing: high - rule.hysteresis,
                               crossed: value > high, back: value <= high - rule.hysteresis, at: time)
            }
            if let low = rule.low {
                events += step(Key(variable: index, kind: .low), variable, rule, value: value, threshold: low, clearing: low + rule.hysteresis,
                               crossed: value < low, back: value >= low + rule.hysteresis, at: time)
            }
        }
        return events
    }

    private mutating func step(_ key: Key, _ variable: RegisterVariable, _ rule: AlarmRule, value: Double, threshold: Double, clearing: Double,
                               crossed: Bool, back: Bool, at time: Date) -> [AlarmEvent] {
        func event(_ change: AlarmEvent.Change) -> AlarmEvent {
            AlarmEvent(time: time, device: device, register: variable.registerLabel, variable: variable.name, unit: variable.unit,
                       kind: key.kind, change: change, value: value, threshold: change == .raised ? threshold : clearing,
                       decimals: variable.encoding.shownDecimals)
        }
        let state = states[key] ?? .normal
        if case .raised = state {
            guard back else { return [] }
            states[key] = .normal
            return [event(.cleared)]
        }
        guard crossed else {
            states[key] = .normal
            return []
        }
        var since = time
        if case .pending(let started) = state { since = started }
        guard time.timeIntervalSince(since) >= rule.minimumDuration.timeInterval else {
            states[key] = .pending(since: since)
            return []
        }
        let raised = event(.raised)
        states[key] = .raised(raised)
        return [raised]
    }
}
