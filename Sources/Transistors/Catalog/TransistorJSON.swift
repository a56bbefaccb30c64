import Foundation
import ListorKit

/// Writes transistors in the seed's JSON format, with Listor's `datasheet` object when there is one.
public enum TransistorJSON {
    public static func value(_ transistor: any Transistor) -> JSONValue {
        var members: [(String, JSONValue)] = [("part_number", .string(transistor.partNumber))]
        let dopingKey = switch transistor.family {
        case .bjt: BJTDoping.codingKey
        case .mosfet: MOSFETDoping.codingKey
        case .jfet: JFETDoping.codingKey
        }
        members.append((transistor.family.rawValue, .object(object([(dopingKey, .string(transistor.dopingName))]))))
        let ratings: [(String, Double?)] = [("max_voltage", transistor.ratings.maxVoltage), ("max_current", transistor.ratings.maxCurrent)]
        members.append(("ratings", .object(object(ratings.compactMap { key, value in value.map { (key, .number($0)) } }))))
        members.append(("use", .string(transistor.use)))
        members.append(("package", .string(transistor.package.name)))
        let datasheet = datasheetMembers(transistor)
        if !datasheet.isEmpty { members.append(("datasheet", .object(object(datasheet)))) }
        return .object(object(members))
    }

    public static func value(_ transistors: [any Transistor]) -> JSONValue {
        .array(transistors.map(value))
    }

    /// `{"original": "BC547", "total": 2, "substitutes": [{"part_number", "fit", "reasons", "warnings", "part"}]}`,
    /// the part in the seed's format.
    public static func value(_ substitutes: SubstitutesViewModel) -> JSONValue {
        .members([
            ("original", .string(substitutes.original)),
            ("total", .number(Double(substitutes.totalCount))),
            ("substitutes", .array(zip(substitutes.substitutes, substitutes.rows).map { substitute, row in
                .members([
                    ("part_number", .string(row.partNumber)), ("fit", .string(row.placement)), ("verified", .bool(row.isVerified)),
                    ("reasons", .array(row.reasons.map(JSONValue.string))), ("warnings", .array(row.warnings.map(JSONValue.string))),
                    ("part", value(substitute.transistor)),
                ])
            })),
        ])
    }

    private static func datasheetMembers(_ transistor: any Transistor) -> [(String, JSONValue)] {
        var members: [(String, Double?)] = [("power_dissipation", transistor.datasheet.powerDissipation)]
        var strings: [(String, JSONValue)] = []
        if let pinout = transistor.datasheet.pinout { strings.append(("pinout", .string(pinout.description))) }
        if let complement = transistor.datasheet.complement { strings.append(("complement", .string(complement))) }
        if let url = transistor.datasheet.url { strings.append(("url", .string(url))) }
        if let source = transistor.datasheet.source { strings.append(("source", .string(source))) }
        switch transistor {
        case let bjt as BJT:
            members += [("hfe_min", bjt.parameters.hfeMin), ("hfe_max", bjt.parameters.hfeMax),
                        ("hfe_at_current", bjt.parameters.hfeTestCurrent), ("ft", bjt.parameters.transitionFrequency)]
        case let mosfet as MOSFET:
            members += [("vgs_th_max", mosfet.parameters.gateThresholdMax), ("rds_on", mosfet.parameters.onResistance),
                        ("rds_on_at_vgs", mosfet.parameters.onResistanceGateVoltage)]
        case let jfet as JFET:
            members += [("idss_min", jfet.parameters.idssMin), ("idss_max", jfet.parameters.idssMax),
                        ("vgs_off_min", jfet.parameters.cutoffVoltageMin), ("vgs_off_max", jfet.parameters.cutoffVoltageMax)]
        default:
            break
        }
        let numbers = members.compactMap { key, value in value.map { (key, JSONValue.number($0)) } }
        return Array(numbers.prefix(1)) + strings + numbers.dropFirst()
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONObject {
        JSONObject(members: members.map { JSONObject.Member(key: $0.0, value: $0.1) })
    }
}
