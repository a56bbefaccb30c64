import Foundation
import ListorKit

/// The `datasheet` object: Listor's extension of the seed format. Seed-format files without it
/// stay valid; inside it, unknown keys are ignored and family parameters must match the family.
struct RawDatasheet: JSONValueDecodable {
    var powerDissipation: Double?
    var pinout: String?
    var complement: String?
    var url: String?
    var source: String?
    var values: [Key: Double] = [:]

    enum Key: String, CodingKey, CaseIterable {
        case powerDissipation = "power_dissipation"
        case pinout, complement
        // BJT
        case hfeMin = "hfe_min", hfeMax = "hfe_max", hfeAtCurrent = "hfe_at_current", ft
        // MOSFET
        case vgsThMax = "vgs_th_max", rdsOn = "rds_on", rdsOnAtVgs = "rds_on_at_vgs"
        // JFET
        case idssMin = "idss_min", idssMax = "idss_max", vgsOffMin = "vgs_off_min", vgsOffMax = "vgs_off_max"
        // Where to read more, and where the part came from; last, so that CSV columns only grow at the end.
        case url, source

        var family: TransistorFamily? {
            switch self {
            case .hfeMin, .hfeMax, .hfeAtCurrent, .ft: .bjt
            case .vgsThMax, .rdsOn, .rdsOnAtVgs: .mosfet
            case .idssMin, .idssMax, .vgsOffMin, .vgsOffMax: .jfet
            case .powerDissipation, .pinout, .complement, .url, .source: nil
            }
        }

        /// Text rather than a figure.
        var isText: Bool { [.pinout, .complement, .url, .source].contains(self) }

        /// Gains, currents, frequencies and resistances are magnitudes; gate voltages keep their sign.
        var mustBePositive: Bool {
            switch self {
            case .vgsThMax, .rdsOnAtVgs, .vgsOffMin, .vgsOffMax: false
            default: true
            }
        }

        var unit: PhysicalUnit? {
            switch self {
            case .powerDissipation: .watt
            case .hfeAtCurrent, .idssMin, .idssMax: .ampere
            case .ft: .hertz
            case .rdsOn: .ohm
            case .vgsThMax, .rdsOnAtVgs, .vgsOffMin, .vgsOffMax: .volt
            case .hfeMin, .hfeMax, .pinout, .complement, .url, .source: nil
            }
        }
    }

    init() {}

    init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        pinout = try fields.optionalString(Key.pinout)
        complement = try fields.optionalString(Key.complement)
        url = try fields.optionalString(Key.url)
        source = try fields.optionalString(Key.source)
        for key in Key.allCases where !key.isText && fields.contains(key) {
            values[key] = key.mustBePositive ? try fields.positive(key, unit: key.unit) : try fields.double(key)
        }
        powerDissipation = values[.powerDissipation]
    }

    /// Checks the datasheet against the family and splits it into common facts and family parameters.
    func resolve(for family: TransistorFamily, codingPath: [any CodingKey]) throws
        -> (Datasheet, BJTParameters, MOSFETParameters, JFETParameters)
    {
        func invalid(_ key: Key, _ reason: String) -> DecodingError {
            .dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: reason))
        }
        for key in Key.allCases where values[key] != nil {
            if let owner = key.family, owner != family {
                throw invalid(key, "is a \(owner.rawValue) parameter, but this part is a \(family.rawValue)")
            }
        }
        for (low, high) in [(Key.hfeMin, Key.hfeMax), (.idssMin, .idssMax)] {
            if let lowValue = values[low], let highValue = values[high], lowValue > highValue {
                throw invalid(low, "\(Quantity.unitless(lowValue)) is above \(high.rawValue) (\(Quantity.unitless(highValue)))")
            }
        }
        var parsedPinout: Pinout?
        if let pinout {
            parsedPinout = try Self.parsePinout(pinout, family: family) { invalid(.pinout, $0) }
        }
        func text(_ value: String?) -> String? {
            let trimmed = value?.trimmed()
            return trimmed?.isEmpty == false ? trimmed : nil
        }
        if let address = text(url), Datasheet.webAddress(address) == nil {
            throw invalid(.url, "\"\(address.prefix(60))\" is not an http or https address")
        }
        let datasheet = Datasheet(powerDissipation: powerDissipation, pinout: parsedPinout, complement: text(complement), url: text(url), source: text(source))
        let bjt = BJTParameters(hfeMin: values[.hfeMin], hfeMax: values[.hfeMax],
                                hfeTestCurrent: values[.hfeAtCurrent], transitionFrequency: values[.ft])
        let mosfet = MOSFETParameters(gateThresholdMax: values[.vgsThMax], onResistance: values[.rdsOn],
                                      onResistanceGateVoltage: values[.rdsOnAtVgs])
        let jfet = JFETParameters(idssMin: values[.idssMin], idssMax: values[.idssMax],
                                  cutoffVoltageMin: values[.vgsOffMin], cutoffVoltageMax: values[.vgsOffMax])
        return (datasheet, bjt, mosfet, jfet)
    }

    /// "CBE", "GDS", "SSSGDDDD": one letter a pin, every terminal of the family at least once;
    /// in a dual part each letter followed by its transistor's number: "E1B1C2E2B2C1", where a
    /// terminal joined inside may have no pin ("C2C1E1E2").
    static func parsePinout(_ text: String, family: TransistorFamily, invalid: (String) -> DecodingError) throws -> Pinout {
        let allowed = family.terminals
        let letters = allowed.map { String($0.rawValue) }.joined(separator: ", ")
        var terminals: [Terminal] = []
        var units: [Int] = []
        for character in text.uppercased() where !character.isWhitespace && character != "-" {
            if let digit = character.wholeNumberValue, digit > 0, units.count == terminals.count - 1 {
                units.append(digit)
                continue
            }
            guard let terminal = Terminal(rawValue: character), allowed.contains(terminal) else {
                throw invalid("\"\(text)\" has '\(character)', which is not a \(family.rawValue) terminal (\(letters))")
            }
            terminals.append(terminal)
        }
        guard units.isEmpty || units.count == terminals.count else {
            throw invalid("\"\(text)\" numbers some pins' transistors and not others; a dual part numbers each pin's (E1B1C1E2B2C2)")
        }
        let missing = units.isEmpty ? allowed.filter { !terminals.contains($0) } : []
        guard missing.isEmpty else {
            throw invalid("\"\(text)\" does not name the \(missing.map(\.name).joined(separator: " or ")); expected one letter a pin from \(letters)")
        }
        return Pinout(terminals: terminals, units: units)
    }
}
