import Foundation
import Modbus

/// What `modbus/plant.mustache` shows: a row per device, linking to its sheet.
struct ModbusPlantPage: Encodable {
    struct Row: Encodable {
        let name: String
        let path: String
        let address: String
        let state: String
        let stateText: String
        let lastGood: String
        let values: [String]
        let alarms: [String]
    }

    /// A device another server records into the shared history: its history is charted here.
    struct Recorded: Encodable {
        let name: String
        let path: String
    }

    let summary: String
    let rows: [Row]
    let recorded: [Recorded]
    let hasRecorded: Bool
    /// Why the shared history's other devices cannot be listed.
    let recordedProblem: String?

    init(_ viewModel: PlantViewModel, recorded: [String] = [], recordedProblem: String? = nil, timeZone: TimeZone) {
        summary = viewModel.summary
        self.recorded = recorded.map { Recorded(name: $0, path: "/modbus/devices/\($0)") }
        hasRecorded = !recorded.isEmpty
        self.recordedProblem = recordedProblem
        rows = viewModel.rows(timeZone: timeZone).map { row in
            Row(name: row.name, path: "/modbus/devices/\(row.name)", address: row.address, state: row.state, stateText: row.stateText,
                lastGood: row.lastGood, values: row.values, alarms: row.alarms)
        }
    }
}
