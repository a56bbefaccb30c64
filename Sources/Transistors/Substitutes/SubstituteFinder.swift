import Foundation
import ListorKit

/// Finds the parts that can replace one, as a parts engineer judges them: the same family,
/// polarity and kind (a Darlington for a Darlington, a plain BJT for a plain one); ratings at
/// least the original's (voltage, current, power); family parameters no worse (hFE minimum and
/// fT; Rds(on) as low at the same or a lower gate voltage, and a threshold no higher for a
/// logic-level part; Idss and Vgs(off) ranges overlapping). For a small-signal part, parts in
/// power packages are not candidates unless asked for. The same package with the same pinout
/// comes first, then the rest with what differs said. Within a fit, the closest figures come
/// first: a 45 V part before a 60 V one for a 40 V original.
///
/// A figure the candidate does not give, where the original does, puts it in a group of its
/// own after every fit (`unverified`): its datasheet may have it, but nothing here shows that it
/// does. So does a figure the original's kind depends on that the original does not give (a
/// BJT's gain and fT, a MOSFET's gate drive): no candidate can be shown to meet it. A figure
/// that is worse rules the candidate out, and a dual part never replaces a single one.
public struct SubstituteFinder: Sendable {
    public var samePinoutOnly: Bool
    public var allowsPowerPackages: Bool

    public init(samePinoutOnly: Bool = false, allowsPowerPackages: Bool = false) {
        self.samePinoutOnly = samePinoutOnly
        self.allowsPowerPackages = allowsPowerPackages
    }

    /// Whether `transistor` is a Darlington pair: so its use says, or its gain (a thousand
    /// and more) shows.
    static func isDarlington(_ transistor: any Transistor) -> Bool {
        guard let bjt = transistor as? BJT else { return false }
        return bjt.use.localizedCaseInsensitiveContains("darlington") || (bjt.parameters.hfeMin ?? 0) >= 1000
    }

    /// Whether `transistor` is two transistors in one package: its pins name each one's (B1,
    /// C2), or it says it is dual.
    static func isDual(_ transistor: any Transistor) -> Bool {
        if let units = transistor.datasheet.pinout?.units, !units.isEmpty { return true }
        let use = transistor.use.lowercased()
        return use.contains("dual") || use.contains("double")
    }

    /// Whether `transistor` is a small-signal part: in no power package, and dissipating 1 W or
    /// less where its datasheet says.
    static func isSmallSignal(_ transistor: any Transistor) -> Bool {
        !transistor.package.isPower && (transistor.datasheet.powerDissipation ?? 0) <= 1
    }

    /// The substitutes for `original` among `candidates`, best first.
    public func substitutes(for original: any Transistor, among candidates: [any Transistor]) -> [Substitute] {
        best(for: original, among: candidates, limit: .max).substitutes
    }

    /// The best `limit` substitutes, how many there are in all, and how many of those are shown
    /// to fit. Every candidate is judged by its figures alone; only the ones kept are described,
    /// which in a catalog of a million parts is most of the work saved.
    public func best(for original: any Transistor, among candidates: [any Transistor], limit: Int) -> (substitutes: [Substitute], total: Int, verified: Int) {
        let excluded = Set([original.partNumber, original.datasheet.complement].compactMap { $0.map(TransistorCatalog.key) })
        let ratings = original.ratings
        let darlington = Self.isDarlington(original), dual = Self.isDual(original)
        let keepsToSmallSignal = Self.isSmallSignal(original) && !allowsPowerPackages
        var ranked: [(position: Int, rank: Rank, distance: Double)] = []
        for (position, candidate) in candidates.enumerated()
        where candidate.family == original.family && candidate.isNType == original.isNType
            && Self.mayMeet(candidate.ratings.maxVoltage, ratings.maxVoltage) && Self.mayMeet(candidate.ratings.maxCurrent, ratings.maxCurrent) {
            guard !excluded.contains(TransistorCatalog.key(candidate.partNumber)),
                  Self.isDarlington(candidate) == darlington, Self.isDual(candidate) == dual, !keepsToSmallSignal || !candidate.package.isPower,
                  let judged = judge(candidate, for: original, describing: false),
                  !samePinoutOnly || judged.fit == .dropIn
            else { continue }
            ranked.append((position, Rank(judged), judged.distance))
        }
        ranked.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.distance < $1.distance }
        // Ties with the last one kept are put in part-number order before the cut.
        var kept = ranked
        if limit < ranked.count, limit > 0 {
            let last = ranked[limit - 1]
            kept = Array(ranked.prefix { $0.rank < last.rank || $0.rank == last.rank && $0.distance <= last.distance })
        } else if limit <= 0 {
            kept = []
        }
        let keys = kept.map { NaturalSortKey(candidates[$0.position].partNumber) }
        let order = kept.indices.sorted { lhs, rhs in
            let (a, b) = (kept[lhs], kept[rhs])
            if a.rank != b.rank { return a.rank < b.rank }
            if a.distance != b.distance { return a.distance < b.distance }
            return keys[lhs] < keys[rhs]
        }
        let substitutes = order.prefix(limit).compactMap { judge(candidates[kept[$0].position], for: original, describing: true) }
        return (substitutes, ranked.count, ranked.count { $0.rank.isVerified })
    }

    /// Where a substitute stands: every part shown to fit before any that is not, then by fit.
    struct Rank: Comparable {
        let isVerified: Bool
        let fit: Substitute.Fit

        init(_ substitute: Substitute) {
            isVerified = substitute.isVerified
            fit = substitute.fit
        }

        static func < (lhs: Rank, rhs: Rank) -> Bool {
            lhs.isVerified != rhs.isVerified ? lhs.isVerified : lhs.fit < rhs.fit
        }
    }

    /// The candidate as a substitute, or nil when a figure of it is worse than the original's.
    func judge(_ candidate: any Transistor, for original: any Transistor, describing: Bool = true) -> Substitute? {
        var judgement = Judgement(describing: describing)
        let labels = TransistorDetailViewModel.ratingLabels(original.family)
        guard judgement.atLeast(Self.short(labels.voltage), candidate.ratings.maxVoltage, original.ratings.maxVoltage, .volt),
              judgement.atLeast(Self.short(labels.current), candidate.ratings.maxCurrent, original.ratings.maxCurrent, .ampere),
              judgement.atLeast("Ptot", candidate.datasheet.powerDissipation, original.datasheet.powerDissipation, .watt),
              judgement.parameters(of: candidate, against: original)
        else { return nil }

        let fit: Substitute.Fit
        if candidate.package != original.package {
            fit = .packageDiffers
            judgement.warnFirst("package differs: \(candidate.package.name) vs \(original.package.name)")
        } else if let pins = candidate.datasheet.pinout, let originalPins = original.datasheet.pinout {
            if pins == originalPins {
                fit = .dropIn
                judgement.reasonFirst("same package and pins: \(pins) in \(candidate.package.name)")
            } else {
                fit = .pinsDiffer
                judgement.warnFirst("pins differ: \(pins) vs \(originalPins)")
            }
        } else {
            fit = .pinoutUnknown
            judgement.reasonFirst("same package: \(candidate.package.name)")
            judgement.warnFirst("pinout not given; check the pins")
        }
        return Substitute(transistor: candidate, fit: fit, isVerified: judgement.missing == 0, distance: judgement.distance, reasons: judgement.reasons,
                          warnings: judgement.warnings, notGiven: judgement.notGiven)
    }

    /// Whether a rating may be the original's or better: a rating either part does not give
    /// is left for `judge` to weigh.
    private static func mayMeet(_ rating: Double?, _ original: Double?) -> Bool {
        guard let rating, let original else { return true }
        return rating >= original
    }

    /// "VCEO" from "Collector–emitter voltage (VCEO)".
    private static func short(_ label: String) -> String {
        guard let open = label.lastIndex(of: "("), label.last == ")" else { return label }
        return String(label[label.index(after: open)..<label.index(before: label.endIndex)])
    }

    /// What has been found out about one candidate so far.
    private struct Judgement {
        /// Whether to say why in words; ranking needs only the distance and the fit.
        let describing: Bool
        var reasons: [String] = []
        var warnings: [String] = []
        var notGiven: [String] = []
        /// The sum of how many times over the original each figure is, on a log scale; a
        /// figure not given counts as one 4.5 times over (`missingDistance`), so that a part whose
        /// datasheet shows it meets the original comes before one that may.
        var distance = 0.0
        /// How many of the original's figures the candidate does not give.
        var missing = 0
        static let missingDistance = log(4.5)

        mutating func reasonFirst(_ text: @autoclosure () -> String) {
            if describing { reasons.insert(text(), at: 0) }
        }

        mutating func warnFirst(_ text: @autoclosure () -> String) {
            if describing { warnings.insert(text(), at: 0) }
        }

        /// Whether `value` (larger is better) is no worse than `original`'s.
        mutating func atLeast(_ name: String, _ value: Double?, _ original: Double?, _ unit: PhysicalUnit?) -> Bool {
            noWorse(name, value, original, unit, largerIsBetter: true)
        }

        /// Whether `value` (smaller is better) is no worse than `original`'s.
        mutating func atMost(_ name: String, _ value: Double?, _ original: Double?, _ unit: PhysicalUnit?) -> Bool {
            noWorse(name, value, original, unit, largerIsBetter: false)
        }

        private mutating func noWorse(_ name: String, _ value: Double?, _ original: Double?, _ unit: PhysicalUnit?, largerIsBetter: Bool) -> Bool {
            guard let original else { return true }
            guard let value else {
                notGiven(name, original: Self.text(original, unit))
                return true
            }
            guard largerIsBetter ? value >= original : value <= original else { return false }
            if describing { reasons.append("\(name) \(Self.text(value, unit)) \(largerIsBetter ? "≥" : "≤") \(Self.text(original, unit))") }
            distance += largerIsBetter ? Self.logRatio(value, original) : Self.logRatio(original, value)
            return true
        }

        /// A figure the original's kind depends on that the original does not give: no candidate
        /// can be shown to meet it.
        mutating func unknownInOriginal(_ name: String) {
            distance += Self.missingDistance
            missing += 1
            guard describing else { return }
            warnings.append("\(name) of the original not given; compare the datasheets")
            notGiven.append(name)
        }

        private mutating func notGiven(_ name: String, original: @autoclosure () -> String) {
            distance += Self.missingDistance
            missing += 1
            guard describing else { return }
            warnings.append("\(name) not given (the original's is \(original()))")
            notGiven.append(name)
        }

        mutating func parameters(of candidate: any Transistor, against original: any Transistor) -> Bool {
            switch (candidate, original) {
            case let (candidate as BJT, original as BJT):
                // A BJT is chosen for its gain and its speed: without the original's, no candidate meets them.
                if original.parameters.hfeMin == nil { unknownInOriginal("hFE min") }
                if original.parameters.transitionFrequency == nil { unknownInOriginal("fT") }
                return atLeast("hFE min", candidate.parameters.hfeMin, original.parameters.hfeMin, nil)
                    && atLeast("fT", candidate.parameters.transitionFrequency, original.parameters.transitionFrequency, .hertz)
            case let (candidate as MOSFET, original as MOSFET):
                // A MOSFET is chosen for the gate voltage it turns on at: without the original's, a
                // standard part may stand for a logic-level one.
                if original.parameters.gateThresholdMax == nil, original.parameters.onResistanceGateVoltage == nil { unknownInOriginal("gate drive (Vgs(th))") }
                return mosfet(candidate.parameters, against: original.parameters, logicLevel: SearchExpression.isLogicLevel(original))
            case let (candidate as JFET, original as JFET):
                return overlaps("Idss", Self.range(candidate.parameters.idssMin, candidate.parameters.idssMax),
                                Self.range(original.parameters.idssMin, original.parameters.idssMax), .ampere)
                    && overlaps("Vgs(off)", Self.range(candidate.parameters.cutoffVoltageMin.map(abs), candidate.parameters.cutoffVoltageMax.map(abs)),
                                Self.range(original.parameters.cutoffVoltageMin.map(abs), original.parameters.cutoffVoltageMax.map(abs)), .volt)
            default:
                return true
            }
        }

        /// Rds(on) no higher, given at the same or a lower gate voltage (a part that needs 10 V
        /// to reach it does not replace one that reaches it at 4.5 V); for a logic-level original,
        /// a threshold no higher.
        private mutating func mosfet(_ candidate: MOSFETParameters, against original: MOSFETParameters, logicLevel: Bool) -> Bool {
            if original.onResistance != nil, let gate = candidate.onResistanceGateVoltage, let originalGate = original.onResistanceGateVoltage,
               abs(gate) > abs(originalGate) {
                return false
            }
            guard atMost("Rds(on)", candidate.onResistance, original.onResistance, .ohm) else { return false }
            if describing, let originalGate = original.onResistanceGateVoltage, candidate.onResistance != nil {
                if let gate = candidate.onResistanceGateVoltage {
                    reasons[reasons.count - 1] += " at VGS \(Self.text(abs(gate), .volt)) (≤ \(Self.text(abs(originalGate), .volt)))"
                } else {
                    warnings.append("Rds(on) given without its gate voltage (the original's is at \(Self.text(abs(originalGate), .volt)))")
                }
            }
            if logicLevel {
                return atMost("Vgs(th)", candidate.gateThresholdMax.map(abs), original.gateThresholdMax.map(abs), .volt)
            }
            return true
        }

        /// Whether the candidate's range overlaps the original's: a JFET is chosen for where it
        /// biases, so a range that does not meet the original's would bias the circuit elsewhere.
        private mutating func overlaps(_ name: String, _ value: ClosedRange<Double>?, _ original: ClosedRange<Double>?, _ unit: PhysicalUnit) -> Bool {
            guard let original else { return true }
            guard let value else {
                notGiven(name, original: Self.text(original, unit))
                return true
            }
            guard value.overlaps(original) else { return false }
            if describing { reasons.append("\(name) \(Self.text(value, unit)) overlaps \(Self.text(original, unit))") }
            let shared = min(value.upperBound, original.upperBound) - max(value.lowerBound, original.lowerBound)
            let widest = max(value.upperBound, original.upperBound) - min(value.lowerBound, original.lowerBound)
            distance += widest > 0 ? 1 - shared / widest : 0
            return true
        }

        private static func range(_ low: Double?, _ high: Double?) -> ClosedRange<Double>? {
            switch (low, high) {
            case let (low?, high?): min(low, high)...max(low, high)
            case let (value?, nil), let (nil, value?): value...value
            case (nil, nil): nil
            }
        }

        private static func logRatio(_ larger: Double, _ smaller: Double) -> Double {
            guard larger > 0, smaller > 0 else { return 0 }
            return log(larger / smaller)
        }

        private static func text(_ value: Double, _ unit: PhysicalUnit?) -> String {
            unit.map { Quantity(value, $0).description } ?? Quantity.unitless(value)
        }

        private static func text(_ range: ClosedRange<Double>, _ unit: PhysicalUnit) -> String {
            range.lowerBound == range.upperBound
                ? text(range.lowerBound, unit) : "\(Quantity(range.lowerBound, unit))–\(Quantity(range.upperBound, unit))"
        }
    }
}
