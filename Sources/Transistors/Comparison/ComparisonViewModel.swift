import Foundation
import ListorKit

/// Two to four parts side by side, as a distributor's compare page sets them: every field in
/// one row, the rows whose values differ marked, and the best value of each row where a row
/// has one (the higher rating, gain or frequency; the lower on-resistance or threshold).
public struct ComparisonViewModel: Sendable {
    public static let maximumParts = 4

    /// The parts found, in the order asked for, without repeats.
    public let parts: [any Transistor]
    /// Each part asked for that the catalog does not have, with the closest ones it does.
    public let unknown: [UnknownPartError]
    /// What is wrong with the request as a whole: too many parts.
    public let problems: [String]
    public let rows: [ComparisonRow]

    /// Reads part numbers as typed: each text may hold several, split at commas or spaces
    /// (`"BC547,2N3904"`, `"BC547 2N3904"`); case does not matter and repeats count once. `find`
    /// gives each named part or throws `UnknownPartError`; any other error it throws is thrown.
    public init(partNumbers texts: [String], find: (String) throws -> any Transistor) throws {
        var seen = Set<String>()
        var parts: [any Transistor] = []
        var unknown: [UnknownPartError] = []
        let allNames = texts.flatMap { $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init) }
        // Each name costs a lookup, and an unknown one a search for the closest: read a few.
        let names = allNames.prefix(Self.maximumParts * 2)
        for name in names where seen.insert(TransistorCatalog.key(name)).inserted {
            do {
                let part = try find(name)
                // "bc547" and "BC547" are one part, and so are two spellings that find it.
                if !parts.contains(where: { $0.partNumber == part.partNumber }) { parts.append(part) }
            } catch let error as UnknownPartError {
                unknown.append(error)
            }
        }
        var problems: [String] = []
        if parts.count > Self.maximumParts || allNames.count > names.count {
            let dropped = parts.dropFirst(Self.maximumParts).map(\.partNumber) + allNames.dropFirst(names.count)
            problems.append("At most \(Self.maximumParts) parts can be compared; \(dropped.count) more \(dropped.count == 1 ? "was" : "were") left out: "
                + dropped.prefix(8).joined(separator: ", ") + (dropped.count > 8 ? ", …" : "") + ".")
            parts = Array(parts.prefix(Self.maximumParts))
        }
        self.parts = parts
        self.unknown = unknown
        self.problems = problems
        rows = Self.rows(parts)
    }

    /// Whether there are enough parts to set side by side.
    public var canCompare: Bool { parts.count >= 2 }

    /// Whether another part may be added.
    public var canAdd: Bool { parts.count < Self.maximumParts }

    public var partNumbers: [String] { parts.map(\.partNumber) }

    // MARK: - Rows

    /// Which way a row's values are better, if either.
    private enum Better {
        case higher, lower, neither
    }

    /// A field: its label, its value per part (a number to compare by, and its text), and which way is better.
    private struct Field {
        let label: String
        let better: Better
        let value: (any Transistor) -> (number: Double?, text: String)?
    }

    private static func rows(_ parts: [any Transistor]) -> [ComparisonRow] {
        guard !parts.isEmpty else { return [] }
        let families = Set(parts.map(\.family))
        let ratingLabel: (String, String) = families.count == 1
            ? TransistorDetailViewModel.ratingLabels(parts[0].family) : ("Maximum voltage", "Maximum current")
        var fields = [
            Field(label: "Family", better: .neither) { (nil, $0.family.rawValue) },
            Field(label: "Type", better: .neither) { (nil, $0.dopingName) },
            Field(label: "Package", better: .neither) { (nil, $0.package.name) },
            Field(label: "Pinout", better: .neither) { $0.datasheet.pinout.map { (nil, $0.description) } },
            Field(label: ratingLabel.0, better: .higher) { $0.ratings.maxVoltage.map { ($0, Quantity($0, .volt).description) } },
            Field(label: ratingLabel.1, better: .higher) { $0.ratings.maxCurrent.map { ($0, Quantity($0, .ampere).description) } },
            Field(label: "Power dissipation (Ptot)", better: .higher) { $0.datasheet.powerDissipation.map { ($0, Quantity($0, .watt).description) } },
        ]
        fields += [
            Field(label: "DC current gain (hFE)", better: .higher) { part in
                guard let gain = (part as? BJT)?.parameters,
                      let text = TransistorDetailViewModel.range(gain.hfeMin, gain.hfeMax, format: Quantity.unitless) else { return nil }
                return (gain.hfeMin, text + (gain.hfeTestCurrent.map { " at \(Quantity($0, .ampere))" } ?? ""))
            },
            Field(label: "Transition frequency (fT)", better: .higher) { part in
                (part as? BJT)?.parameters.transitionFrequency.map { ($0, Quantity($0, .hertz).description) }
            },
            Field(label: "Gate threshold, max (VGS(th))", better: .lower) { part in
                (part as? MOSFET)?.parameters.gateThresholdMax.map { (abs($0), Quantity($0, .volt).description) }
            },
            // Rds(on) is compared only between figures given at the same gate voltage.
            Field(label: "On-resistance, max (RDS(on))", better: .lower) { part in
                guard let parameters = (part as? MOSFET)?.parameters, let resistance = parameters.onResistance else { return nil }
                return (resistance, Quantity(resistance, .ohm).description + (parameters.onResistanceGateVoltage.map { " at VGS = \(Quantity($0, .volt))" } ?? ""))
            },
            Field(label: "Drain current at VGS = 0 (IDSS)", better: .neither) { part in
                guard let parameters = (part as? JFET)?.parameters else { return nil }
                return TransistorDetailViewModel.range(parameters.idssMin, parameters.idssMax) { Quantity($0, .ampere).description }.map { (nil, $0) }
            },
            Field(label: "Gate–source cutoff voltage (VGS(off))", better: .neither) { part in
                guard let parameters = (part as? JFET)?.parameters else { return nil }
                return TransistorDetailViewModel.range(parameters.cutoffVoltageMin, parameters.cutoffVoltageMax) { Quantity($0, .volt).description }.map { (nil, $0) }
            },
            Field(label: "Complementary part", better: .neither) { $0.datasheet.complement.map { (nil, $0) } },
            Field(label: "Use", better: .neither) { (nil, $0.use) },
        ]
        return fields.compactMap { field in
            let values = parts.map(field.value)
            guard values.contains(where: { $0 != nil }) else { return nil }
            let texts = values.map { $0?.text ?? "" }
            let differs = Set(texts).count > 1
            return ComparisonRow(label: field.label, values: texts, differs: differs,
                                 isBest: best(values.map { $0?.number }, better: field.better, gateVoltages: field.label.hasPrefix("On-resistance") ? gateVoltages(parts) : nil))
        }
    }

    /// Which values are the best: none when the row has no better way, fewer than two parts
    /// give it, or they are all equal.
    private static func best(_ numbers: [Double?], better: Better, gateVoltages: [Double?]?) -> [Bool] {
        let none = Array(repeating: false, count: numbers.count)
        let given = numbers.compactMap { $0 }
        guard better != .neither, given.count >= 2, Set(given).count > 1 else { return none }
        if let gateVoltages {
            // Figures at different gate voltages do not say which part conducts better.
            let gates = Set(zip(numbers, gateVoltages).compactMap { number, gate in number == nil ? nil : gate.map(abs) ?? -1 })
            guard gates.count == 1 else { return none }
        }
        let target = better == .higher ? given.max() : given.min()
        return numbers.map { $0 != nil && $0 == target }
    }

    private static func gateVoltages(_ parts: [any Transistor]) -> [Double?] {
        parts.map { ($0 as? MOSFET)?.parameters.onResistanceGateVoltage }
    }
}
