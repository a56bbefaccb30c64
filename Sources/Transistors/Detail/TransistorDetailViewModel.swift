import ListorKit

/// The detail screen of one transistor: every field, formatted with SI prefixes.
public struct TransistorDetailViewModel: Sendable {
    public let partNumber: String
    /// "NPN BJT in TO-92".
    public let subtitle: String
    public let use: String
    public let sections: [DetailSection]
    public let pins: [PinRow]
    public let complement: String?
    /// The datasheet's address, for a link.
    public let datasheetURL: String?
    /// Where the part was read from: "Transistor_BJT.kicad_sym: 2N2219".
    public let source: String?

    public init(transistor: any Transistor) {
        partNumber = transistor.partNumber
        subtitle = "\(transistor.dopingName) \(transistor.family.rawValue) in \(transistor.package.name)"
        use = transistor.use
        complement = transistor.datasheet.complement
        datasheetURL = transistor.datasheet.url.flatMap(Datasheet.webAddress)
        source = transistor.datasheet.source
        let pinout = transistor.datasheet.pinout
        pins = (pinout?.terminals ?? []).enumerated().map { offset, terminal in
            let unit = pinout?.units.isEmpty == false ? pinout?.units[offset] : nil
            return PinRow(number: offset + 1, letter: String(terminal.rawValue) + (unit.map(String.init) ?? ""),
                          terminal: terminal.name + (unit.map { " \($0)" } ?? ""))
        }

        let labels = Self.ratingLabels(transistor.family)
        var ratings = [
            DetailRow(label: labels.voltage, value: transistor.ratings.maxVoltage.map { Quantity($0, .volt).description } ?? "not given"),
            DetailRow(label: labels.current, value: transistor.ratings.maxCurrent.map { Quantity($0, .ampere).description } ?? "not given"),
        ]
        if let power = transistor.datasheet.powerDissipation {
            ratings.append(DetailRow(label: "Power dissipation (Ptot)", value: Quantity(power, .watt).description))
        }
        var packageRows = [DetailRow(label: "Package", value: transistor.package.name)]
        if let pinout = transistor.datasheet.pinout {
            let unpinned = pinout.unpinned(transistor.family)
            packageRows.append(DetailRow(label: "Pinout (\(pinout))", value: Self.pinText(pinout)
                                         + (unpinned.isEmpty ? "" : "; without a pin of its own (joined inside): " + unpinned.joined(separator: ", "))))
        }
        if let complement { packageRows.append(DetailRow(label: "Complementary part", value: complement)) }

        var sections = [
            DetailSection(title: "Absolute maximum ratings", rows: ratings),
            DetailSection(title: "Package", rows: packageRows),
        ]
        let parameterRows = Self.parameterRows(transistor)
        if !parameterRows.isEmpty {
            sections.append(DetailSection(title: "\(transistor.family.rawValue) parameters", rows: parameterRows))
        }
        self.sections = sections
    }

    /// "1 source · 2 gate · 3 drain"; runs of one terminal are grouped: "1–3 source · 4 gate ·
    /// 5–8 drain"; a dual part's pins name their transistor: "1 emitter 1 · 2 base 1 · …".
    static func pinText(_ pinout: Pinout) -> String {
        var groups: [(first: Int, last: Int, terminal: String)] = []
        for (offset, terminal) in pinout.terminals.enumerated() {
            let name = terminal.name + (pinout.units.isEmpty ? "" : " \(pinout.units[offset])")
            if let last = groups.last, last.terminal == name, last.last == offset {
                groups[groups.count - 1].last = offset + 1
            } else {
                groups.append((offset + 1, offset + 1, name))
            }
        }
        return groups.map { group in
            let pins = group.first == group.last ? "\(group.first)" : "\(group.first)–\(group.last)"
            return "\(pins) \(group.terminal)"
        }
        .joined(separator: " · ")
    }

    static func ratingLabels(_ family: TransistorFamily) -> (voltage: String, current: String) {
        switch family {
        case .bjt: ("Collector–emitter voltage (VCEO)", "Collector current (IC)")
        case .mosfet: ("Drain–source voltage (VDS)", "Drain current (ID)")
        case .jfet: ("Drain–gate voltage (VDG)", "Drain current (IDSS max or IG)")
        }
    }

    static func parameterRows(_ transistor: any Transistor) -> [DetailRow] {
        var rows: [DetailRow] = []
        switch transistor {
        case let bjt as BJT:
            let gain = bjt.parameters
            if let range = Self.range(gain.hfeMin, gain.hfeMax, format: Quantity.unitless) {
                let at = gain.hfeTestCurrent.map { " at IC = \(Quantity($0, .ampere))" } ?? ""
                rows.append(DetailRow(label: "DC current gain (hFE)", value: range + at))
            }
            if let ft = gain.transitionFrequency {
                rows.append(DetailRow(label: "Transition frequency (fT)", value: Quantity(ft, .hertz).description))
            }
        case let mosfet as MOSFET:
            let parameters = mosfet.parameters
            if let threshold = parameters.gateThresholdMax {
                rows.append(DetailRow(label: "Gate threshold, max (VGS(th))", value: Quantity(threshold, .volt).description))
            }
            if let resistance = parameters.onResistance {
                let at = parameters.onResistanceGateVoltage.map { " at VGS = \(Quantity($0, .volt))" } ?? ""
                rows.append(DetailRow(label: "On-resistance, max (RDS(on))", value: Quantity(resistance, .ohm).description + at))
            }
        case let jfet as JFET:
            let parameters = jfet.parameters
            if let range = Self.range(parameters.idssMin, parameters.idssMax, format: { Quantity($0, .ampere).description }) {
                rows.append(DetailRow(label: "Drain current at VGS = 0 (IDSS)", value: range))
            }
            if let range = Self.range(parameters.cutoffVoltageMin, parameters.cutoffVoltageMax, format: { Quantity($0, .volt).description }) {
                rows.append(DetailRow(label: "Gate–source cutoff voltage (VGS(off))", value: range))
            }
        default:
            break
        }
        return rows
    }

    /// "110 to 800", "at least 100", "at most 5 mA".
    static func range(_ low: Double?, _ high: Double?, format: (Double) -> String) -> String? {
        switch (low, high) {
        case let (low?, high?): "\(format(low)) to \(format(high))"
        case let (low?, nil): "at least \(format(low))"
        case let (nil, high?): "at most \(format(high))"
        case (nil, nil): nil
        }
    }
}
