import Foundation
import Modbus

/// What `modbus/chart.mustache` draws: a `VariableChart`'s geometry as SVG attributes, with the
/// span and value range as data attributes, for modbus.js to add points as they arrive.
struct ModbusChartSVG: Encodable {
    struct Tick: Encodable {
        let position: String
        let label: String
        /// "start" or "end" for a time label that centred would run past the chart's edge (the
        /// last one on a phone); "" otherwise.
        var edge = ""
    }

    struct Box: Encodable {
        let x: String, y: String, width: String, height: String
    }

    let title: String
    let unit: String
    /// "wide" or "narrow": which screens it is for, and the ids of its parts.
    let size: String
    let width: String, height: String
    let plotX: String, plotY: String, plotRight: String, plotBottom: String, plotWidth: String, plotHeight: String
    let labelX: String, labelY: String, unitY: String
    let valueTicks: [Tick]
    let timeTicks: [Tick]
    let lines: [String]
    let bands: [String]
    let gaps: [Box]
    let startMilliseconds: String, endMilliseconds: String
    let lowest: String, highest: String

    init(_ chart: VariableChart, title: String, unit: String, size: String = "wide") {
        let text = VariableChartText.number
        self.title = title
        self.size = size
        self.unit = unit
        width = text(chart.width)
        height = text(chart.height)
        plotX = text(chart.plot.x)
        plotY = text(chart.plot.y)
        plotRight = text(chart.plot.x + chart.plot.width)
        plotBottom = text(chart.plot.y + chart.plot.height)
        plotWidth = text(chart.plot.width)
        plotHeight = text(chart.plot.height)
        labelX = text(chart.plot.x - 6)
        labelY = text(chart.plot.y + chart.plot.height + 20)
        unitY = text(chart.plot.y - 14)
        valueTicks = chart.valueTicks.map { Tick(position: text($0.position), label: $0.label) }
        // A label is about 0.6 em a character: one that centred would leave the chart is held at its edge.
        let half = { (label: String) in Double(label.count) * (size == "narrow" ? 12 : 13) * 0.6 / 2 }
        timeTicks = chart.timeTicks.map { tick in
            let edge = tick.position + half(tick.label) > chart.width ? "end" : tick.position - half(tick.label) < 0 ? "start" : ""
            return Tick(position: text(tick.position), label: tick.label, edge: edge)
        }
        lines = chart.lines
        bands = chart.bands
        gaps = chart.gaps.map { Box(x: text($0.x), y: text($0.y), width: text($0.width), height: text($0.height)) }
        startMilliseconds = String(Int64(chart.start.timeIntervalSince1970 * 1000))
        endMilliseconds = String(Int64(chart.end.timeIntervalSince1970 * 1000))
        lowest = String(chart.lowest)
        highest = String(chart.highest)
    }
}

/// Numbers as SVG attributes: a tenth of a unit is as fine as a screen shows.
enum VariableChartText {
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
