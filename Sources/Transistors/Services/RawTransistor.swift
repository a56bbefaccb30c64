import Foundation
import ListorKit

/// The doping inside a family object (`"BJT": {"bjt_doping": "NPN"}`), generic over the family
/// as seed 000 designs it. Each `Doping` names its own JSON key, so adding a family adds no
/// code here. Doping names are matched without regard to case ("npn" is NPN).
struct DopingWrapper<T: Doping>: Equatable, Decodable {
    let doping: T

    init(doping: T) {
        self.doping = doping
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let key = AnyCodingKey(T.codingKey)
        let raw = try container.decode(String.self, forKey: key)
        guard let doping = T(rawValue: raw) ?? T.allCases.first(where: { $0.rawValue.lowercased() == raw.lowercased() }) else {
            let choices = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [key], debugDescription: "\"\(raw)\" is not one of \(choices)"))
        }
        self.doping = doping
    }
}

/// One catalog entry as it appears in JSON, before it is a `BJT`, `MOSFET` or `JFET`.
///
/// Decoding checks everything a catalog entry must satisfy — exactly one family key,
/// positive ratings, datasheet fields that belong to the family — and throws a
/// `DecodingError` whose coding path names the field, so reports can say where.
struct RawTransistor: Decodable, Equatable {
    let ratings: Ratings
    let partNumber: String
    let package: Package
    let use: String
    let bjtDoping: DopingWrapper<BJTDoping>?
    let mosfetDoping: DopingWrapper<MOSFETDoping>?
    let jfetDoping: DopingWrapper<JFETDoping>?
    let datasheet: Datasheet
    let bjtParameters: BJTParameters
    let mosfetParameters: MOSFETParameters
    let jfetParameters: JFETParameters

    enum CodingKeys: String, CodingKey {
        case ratings, use, package, datasheet
        case partNumber = "part_number"
        case bjtDoping = "BJT"
        case mosfetDoping = "MOSFET"
        case jfetDoping = "JFET"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        partNumber = try container.decode(String.self, forKey: .partNumber).trimmingCharacters(in: .whitespaces)
        if partNumber.isEmpty { throw Self.invalid(container, .partNumber, "must not be empty") }

        bjtDoping = try container.decodeIfPresent(DopingWrapper<BJTDoping>.self, forKey: .bjtDoping)
        mosfetDoping = try container.decodeIfPresent(DopingWrapper<MOSFETDoping>.self, forKey: .mosfetDoping)
        jfetDoping = try container.decodeIfPresent(DopingWrapper<JFETDoping>.self, forKey: .jfetDoping)
        let families = [bjtDoping.map { _ in TransistorFamily.bjt }, mosfetDoping.map { _ in .mosfet }, jfetDoping.map { _ in .jfet }]
            .compactMap { $0 }
        guard families.count == 1, let family = families.first else {
            let found = families.isEmpty ? "none" : families.map(\.rawValue).joined(separator: " and ")
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath,
                debugDescription: "needs exactly one family key (BJT, MOSFET or JFET); found \(found)"))
        }

        ratings = try container.decode(Ratings.self, forKey: .ratings)
        use = try container.decode(String.self, forKey: .use)
        let packageName = try container.decode(String.self, forKey: .package)
        if packageName.trimmingCharacters(in: .whitespaces).isEmpty { throw Self.invalid(container, .package, "must not be empty") }
        package = Package(packageName)

        let raw = try container.decodeIfPresent(RawDatasheet.self, forKey: .datasheet) ?? RawDatasheet()
        let datasheetPath = container.codingPath + [CodingKeys.datasheet]
        (datasheet, bjtParameters, mosfetParameters, jfetParameters) = try raw.resolve(for: family, codingPath: datasheetPath)
    }

    /// The seed's factory: the concrete transistor for the one family present.
    func toTransistor() -> (any Transistor)? {
        if let bjtDoping {
            return BJT(ratings: ratings, partNumber: partNumber, package: package, use: use,
                       doping: bjtDoping.doping, datasheet: datasheet, parameters: bjtParameters)
        }
        if let mosfetDoping {
            return MOSFET(ratings: ratings, partNumber: partNumber, package: package, use: use,
                          doping: mosfetDoping.doping, datasheet: datasheet, parameters: mosfetParameters)
        }
        if let jfetDoping {
            return JFET(ratings: ratings, partNumber: partNumber, package: package, use: use,
                        doping: jfetDoping.doping, datasheet: datasheet, parameters: jfetParameters)
        }
        return nil
    }

    private static func invalid(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, _ reason: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: reason))
    }
}

extension Ratings: Decodable {
    enum CodingKeys: String, CodingKey {
        case maxVoltage = "max_voltage"
        case maxCurrent = "max_current"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        maxVoltage = try container.decodePositive(forKey: .maxVoltage, unit: .volt)
        maxCurrent = try container.decodePositive(forKey: .maxCurrent, unit: .ampere)
    }
}

extension KeyedDecodingContainer {
    /// A number that must be above zero; the message shows the value with its unit.
    func decodePositive(forKey key: Key, unit: PhysicalUnit) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        guard value > 0 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "must be greater than zero (a magnitude in \(unit.symbol)), found \(value)"))
        }
        return value
    }

    func decodePositiveIfPresent(forKey key: Key, unit: PhysicalUnit?) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        let value = try decode(Double.self, forKey: key)
        guard value > 0 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "must be greater than zero\(unit.map { " (in \($0.symbol))" } ?? ""), found \(value)"))
        }
        return value
    }
}

/// A coding key made from a string at run time, for keys that depend on a generic parameter.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
