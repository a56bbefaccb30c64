import Foundation
import ListorKit
import Modbus

/// What `modbus/recorded.mustache` shows: a device that another server polls into the shared
/// history, its variables each linking to its chart.
struct ModbusRecordedPage: Encodable {
    struct Variable: Encodable {
        let name: String
        let register: String
        let unit: String
        let path: String
    }

    let name: String
    let path: String
    let variables: [Variable]
    let hasVariables: Bool
    /// "Polled by listor serve on plant-a (data in /var/lib/listor) at 10.0.0.5:502, unit 3".
    let polledBy: String
    /// "Last sample: 2026-11-29 14:05:09", or that there is none yet.
    let lastSample: String
    /// "Answering: polled every 1 s.", "Not answering since …: connection refused."; empty when not known.
    let state: String
    let hasState: Bool
    let isDown: Bool
    let alarms: [String]
    let hasAlarms: Bool

    init(name: String, path: String, variables: [TrendVariable], status: RecordedDevicesViewModel.Status, timeZone: TimeZone) {
        self.name = name
        self.path = path
        polledBy = status.recorder.map { "Polled by \($0.owner) at \($0.source)." } ?? "Polled by another server."
        func time(_ date: Date) -> String { ModbusFeed.dateText(date, timeZone: timeZone, seconds: true) }
        switch status.state {
        case .answering:
            state = "Answering" + (status.recorder?.interval.map { ": polled every \(Quantity.unitless($0.timeInterval)) s." } ?? ".")
        case .notAnswering(let since, let reason):
            state = "Not answering since \(time(since)): \(reason)."
        case .silent(let since):
            state = (since.map { "No sample since \(time($0))" } ?? "No sample yet")
                + ": \(status.recorder?.owner ?? "its server") is not recording it (stopped, or unable to write the history)."
        case .unknown:
            state = ""
        }
        hasState = !state.isEmpty
        isDown = status.state != .answering && status.state != .unknown
        lastSample = status.lastSample.map { "Last sample recorded \(ModbusFeed.dateText($0, timeZone: timeZone, seconds: true))." } ?? "No sample recorded yet."
        alarms = status.alarms.map { "\($0.description), since \(ModbusFeed.dateText($0.time, timeZone: timeZone, seconds: true))" }
        hasAlarms = !alarms.isEmpty
        self.variables = variables.map { variable in
            let first = variable.register.split(separator: "-").first.map(String.init) ?? variable.register
            return Variable(name: variable.name, register: variable.register, unit: variable.unit, path: "\(path)/variables/\(first)")
        }
        hasVariables = !variables.isEmpty
    }
}
