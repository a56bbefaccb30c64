import Foundation
import ListorKit
import Modbus

/// What `modbus/variable.mustache` shows: one variable's chart over the range asked for, links
/// to the other ranges, the range's figures, and the data behind it as CSV and JSON.
struct ModbusVariablePage: Encodable {
    struct RangeLink: Encodable {
        let title: String
        let href: String
        let current: Bool
    }

    struct Figure: Encodable {
        let label: String
        let value: String
        let id: String
    }

    let title: String
    /// The device's name, and its sheet.
    let device: String
    let devicePath: String
    let register: String
    let unit: String
    let rangeTitle: String
    let ranges: [RangeLink]
    let figures: [Figure]
    let chart: HTMLFragment
    let emptyMessage: String?
    /// The variable's row in the event stream's snapshots, for the live chart; nil if not polled.
    let rowIndex: String?
    /// Where the value is among the cells of a row in the sheet's events.
    let valueColumn = RegisterSheetViewModel.valueColumn
    let eventsPath: String
    let csvPath: String
    let jsonPath: String
    let write: Write

    /// The write form, what the last write did, and the variable's recent writes.
    struct Write: Encodable {
        struct Kept: Encodable {
            let time: String
            let who: String
            let change: String
            let answer: String
            let succeeded: Bool
        }

        /// Whether the form is shown: the server takes writes and the variable can be written.
        let offered: Bool
        /// Whether the server takes writes at all, to say why there is no form.
        let takesWrites: Bool
        /// Whether this server polls the device; if not, another one does, and takes its writes.
        let polledHere: Bool
        let csrf: String
        let value: String
        let valueError: String?
        let tokenError: String?
        /// "Wrote 1.5: it was 0.25 and reads back 1.5", or the device's refusal.
        let outcome: String?
        let outcomeFailed: Bool
        let writes: [Kept]
        let hasWrites: Bool

        /// "Wrote 1.5: it was 0.25 and reads back 1.5", or why the write failed.
        static func sentence(of record: WriteRecord) -> String {
            record.succeeded ? "Wrote \(record.requested): it was \(record.old ?? "unreadable") and reads back \(record.readBack ?? "unreadable")."
                : "The write of \(record.requested) failed: \(record.answer)."
        }

        init(offered: Bool, takesWrites: Bool, polledHere: Bool = true, csrf: String, value: String, problem: (field: String, message: String)?, outcome: (text: String, failed: Bool)?,
             writes: [WriteRecord], timeZone: TimeZone) {
            self.offered = offered
            self.takesWrites = takesWrites
            self.polledHere = polledHere
            self.csrf = csrf
            self.value = value
            valueError = problem?.field == "value" ? problem?.message : nil
            tokenError = problem?.field == "admin_token" ? problem?.message : nil
            self.outcome = outcome?.text
            outcomeFailed = outcome?.failed ?? false
            self.writes = writes.map { record in
                Kept(time: ModbusFeed.dateText(record.time, timeZone: timeZone, seconds: true), who: record.who,
                     change: "\(record.old ?? "?") → \(record.succeeded ? record.readBack ?? "?" : record.requested)", answer: record.answer, succeeded: record.succeeded)
            }
            hasWrites = !writes.isEmpty
        }
    }

    /// A kept write as the API gives it.
    static func json(_ record: WriteRecord) -> JSONValue {
        .members([
            ("time", .date(record.time)), ("who", .string(record.who)), ("device", .string(record.device)),
            ("register", .string(record.register)), ("variable", .string(record.variable)), ("old", record.old.map(JSONValue.string) ?? .null),
            ("requested", .string(record.requested)), ("read_back", record.readBack.map(JSONValue.string) ?? .null),
            ("answer", .string(record.answer)), ("succeeded", .bool(record.succeeded)),
        ])
    }

    /// The chart of a variable of the device `device`, whose sheet is at `path` and whose API at `apiPath`.
    init(_ trend: VariableTrendViewModel.Chart, device: String, path: String, apiPath: String, rowIndex: Int?, templates: Templates, write: Write) throws {
        self.write = write
        let variable = trend.variable
        title = variable.name
        self.device = device
        devicePath = path
        eventsPath = path + "/events"
        register = variable.register
        unit = variable.unit
        rangeTitle = trend.range.title
        let first = variable.register.split(separator: "-").first.map(String.init) ?? variable.register
        ranges = TrendRange.allCases.map { range in
            RangeLink(title: range.title == "hour" ? "1 hour" : range.title == "day" ? "1 day" : range.title == "week" ? "1 week" : range.title,
                      href: "\(path)/variables/\(first)?range=\(range.rawValue)", current: range == trend.range)
        }
        let suffix = variable.unit.isEmpty ? "" : " \(variable.unit)"
        func text(_ value: Double?) -> String { value.map { variable.text($0) + suffix } ?? "—" }
        figures = [
            Figure(label: "Last", value: text(trend.last), id: "figure-last"),
            Figure(label: "Minimum", value: text(trend.minimum), id: "figure-minimum"),
            Figure(label: "Maximum", value: text(trend.maximum), id: "figure-maximum"),
            Figure(label: "Mean", value: text(trend.mean), id: "figure-mean"),
        ]
        let heading = "\(variable.name) over the last \(trend.range.title)" + (variable.unit.isEmpty ? "" : ", in \(variable.unit)")
        let wide = try templates.fragment(ModbusChartSVG(trend.chart, title: heading, unit: variable.unit, size: "wide"), as: .modbusChart)
        let narrow = try templates.fragment(ModbusChartSVG(trend.narrow, title: heading, unit: variable.unit, size: "narrow"), as: .modbusChart)
        chart = HTMLFragment(bytes: wide.bytes + narrow.bytes)
        emptyMessage = trend.emptyMessage
        self.rowIndex = rowIndex.map(String.init)
        let query = "from=\(Int(trend.range.duration / 60))m" + (trend.range.step.map { "&step=\($0)" } ?? "")
        csvPath = "\(apiPath)/variables/\(first)/history.csv?\(query)"
        jsonPath = "\(apiPath)/variables/\(first)/history?\(query)"
    }
}
