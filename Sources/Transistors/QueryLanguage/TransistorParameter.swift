import Foundation
import ListorKit

/// A datasheet figure the query language names, by the names engineers write it with:
/// `vce>=40V`, `ic>=500mA`, `hfe>=100`, `rds<=50mohm`, `idss 2mA..10mA`.
public enum TransistorParameter: String, Sendable, Hashable, CaseIterable {
    case voltage, current, power, hfe, ft, rds, vgsth, idss, vgsoff

    /// The names a query may use, lower case.
    public var names: [String] {
        switch self {
        case .voltage: ["v", "vce", "vceo", "vds", "vdss", "vmax"]
        case .current: ["i", "ic", "id", "imax"]
        case .power: ["p", "ptot", "pd"]
        case .hfe: ["hfe", "beta"]
        case .ft: ["ft"]
        case .rds: ["rds", "rdson"]
        case .vgsth: ["vgsth", "vth"]
        case .idss: ["idss"]
        case .vgsoff: ["vgsoff", "vp"]
        }
    }

    private static let byName: [String: TransistorParameter] = Dictionary(
        uniqueKeysWithValues: allCases.flatMap { parameter in parameter.names.map { ($0, parameter) } })

    /// The parameter called `name` in any case ("Vce", "RDS"), or nil.
    public static func named(_ name: String) -> TransistorParameter? {
        byName[name.lowercased()]
    }

    /// The unit its values are in; nil for a plain number (hFE).
    public var unit: PhysicalUnit? {
        switch self {
        case .voltage, .vgsth, .vgsoff: .volt
        case .current, .idss: .ampere
        case .power: .watt
        case .ft: .hertz
        case .rds: .ohm
        case .hfe: nil
        }
    }

    /// The family that has it; nil when every family does.
    public var family: TransistorFamily? {
        switch self {
        case .voltage, .current, .power: nil
        case .hfe, .ft: .bjt
        case .rds, .vgsth: .mosfet
        case .idss, .vgsoff: .jfet
        }
    }

    /// How a datasheet names it, for messages and headings.
    public var label: String {
        switch self {
        case .voltage: "maximum voltage"
        case .current: "maximum current"
        case .power: "power dissipation"
        case .hfe: "hFE"
        case .ft: "fT"
        case .rds: "Rds(on)"
        case .vgsth: "Vgs(th)"
        case .idss: "Idss"
        case .vgsoff: "Vgs(off)"
        }
    }

    /// The part's figure as a cell shows it: "22 mΩ", "110–800", "—" when not given.
    public func text(of transistor: any Transistor) -> String {
        guard let range = range(of: transistor) else { return "—" }
        func one(_ value: Double) -> String { unit.map { Quantity(value, $0).description } ?? Quantity.unitless(value) }
        return range.lowerBound == range.upperBound ? one(range.lowerBound) : "\(one(range.lowerBound))–\(one(range.upperBound))"
    }

    /// The part's figure as the range its datasheet gives (one value is a range of one), or nil
    /// when the part has no such figure. Gate voltages are compared by size, whatever their
    /// sign: a P-channel part's −2 V threshold is a 2 V one.
    public func range(of transistor: any Transistor) -> ClosedRange<Double>? {
        switch self {
        case .voltage: return transistor.ratings.maxVoltage.map { $0...$0 }
        case .current: return transistor.ratings.maxCurrent.map { $0...$0 }
        case .power: return transistor.datasheet.powerDissipation.map { $0...$0 }
        case .hfe: return (transistor as? BJT).flatMap { Self.range($0.parameters.hfeMin, $0.parameters.hfeMax) }
        case .ft: return (transistor as? BJT)?.parameters.transitionFrequency.map { $0...$0 }
        case .rds: return (transistor as? MOSFET)?.parameters.onResistance.map { $0...$0 }
        case .vgsth: return (transistor as? MOSFET)?.parameters.gateThresholdMax.map { abs($0)...abs($0) }
        case .idss: return (transistor as? JFET).flatMap { Self.range($0.parameters.idssMin, $0.parameters.idssMax) }
        case .vgsoff: return (transistor as? JFET).flatMap { Self.range($0.parameters.cutoffVoltageMin.map(abs), $0.parameters.cutoffVoltageMax.map(abs)) }
        }
    }

    /// `low...high` from either or both ends, in order.
    private static func range(_ low: Double?, _ high: Double?) -> ClosedRange<Double>? {
        switch (low, high) {
        case let (low?, high?): min(low, high)...max(low, high)
        case let (low?, nil): low...low
        case let (nil, high?): high...high
        case (nil, nil): nil
        }
    }
}
