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

    let summary: String
    let rows: [Row]

    init(_ viewModel: PlantViewModel, timeZone: TimeZone) {
        summary = viewModel.summary
        rows = viewModel.rows(timeZone: timeZone).map { row in
            Row(name: row.name, path: "/modbus/devices/\(row.name)", address: row.address, state: row.state, stateText: row.stateText,
                lastGood: row.lastGood, values: row.values, alarms: row.alarms)
        }
    }
}
