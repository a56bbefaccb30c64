import Foundation
import ListorKit

/// One catalog entry as it appears in JSON, before it is a `BJT`, `MOSFET` or `JFET`.
///
/// Decoding checks everything a catalog entry must satisfy — exactly one family key,
/// positive ratings, datasheet fields that belong to the family — and throws a
/// `DecodingError` whose coding path names the field, so reports can say where.
struct RawTransistor: Equatable, JSONValueDecodable {
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
        try self.init(decodingJSONFrom: decoder)
    }

    init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        partNumber = try fields.string(CodingKeys.partNumber).trimmed()
        if partNumber.isEmpty { throw fields.invalid(CodingKeys.partNumber, "must not be empty") }

        bjtDoping = try fields.optionalDecode(DopingWrapper<BJTDoping>.self, CodingKeys.bjtDoping)
        mosfetDoping = try fields.optionalDecode(DopingWrapper<MOSFETDoping>.self, CodingKeys.mosfetDoping)
        jfetDoping = try fields.optionalDecode(DopingWrapper<JFETDoping>.self, CodingKeys.jfetDoping)
        guard let family = RawTransistor.onlyFamily(bjt: bjtDoping != nil, mosfet: mosfetDoping != nil, jfet: jfetDoping != nil) else {
            let present = [(TransistorFamily.bjt, bjtDoping != nil), (.mosfet, mosfetDoping != nil), (.jfet, jfetDoping != nil)]
            let found = present.filter(\.1).map(\.0.rawValue)
            throw fields.invalid("needs exactly one family key (BJT, MOSFET or JFET); found \(found.isEmpty ? "none" : found.joined(separator: " and "))")
        }

        ratings = try fields.decode(Ratings.self, CodingKeys.ratings)
        use = try fields.string(CodingKeys.use)
        let packageName = try fields.string(CodingKeys.package)
        if packageName.trimmed().isEmpty { throw fields.invalid(CodingKeys.package, "must not be empty") }
        package = Package(packageName)

        if let raw = try fields.optionalDecode(RawDatasheet.self, CodingKeys.datasheet) {
            (datasheet, bjtParameters, mosfetParameters, jfetParameters) = try raw.resolve(for: family, codingPath: fields.path(CodingKeys.datasheet))
        } else {
            (datasheet, bjtParameters, mosfetParameters, jfetParameters) = (Datasheet(), BJTParameters(), MOSFETParameters(), JFETParameters())
        }
    }

    /// The family when exactly one family key is present.
    private static func onlyFamily(bjt: Bool, mosfet: Bool, jfet: Bool) -> TransistorFamily? {
        switch (bjt, mosfet, jfet) {
        case (true, false, false): .bjt
        case (false, true, false): .mosfet
        case (false, false, true): .jfet
        default: nil
        }
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
}

extension Ratings: JSONValueDecodable {
    enum CodingKeys: String, CodingKey {
        case maxVoltage = "max_voltage"
        case maxCurrent = "max_current"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    public init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        self.init(maxVoltage: fields.contains(CodingKeys.maxVoltage) ? try fields.positive(CodingKeys.maxVoltage, unit: .volt) : nil,
                  maxCurrent: fields.contains(CodingKeys.maxCurrent) ? try fields.positive(CodingKeys.maxCurrent, unit: .ampere) : nil)
    }
}

extension JSONFields {
    /// A number that must be above zero; the message names the unit it is in.
    func positive(_ key: some CodingKey, unit: PhysicalUnit?) throws -> Double {
        let value = try double(key)
        guard value > 0 else {
            let magnitude = unit.map { " (\($0 == .volt || $0 == .ampere ? "a magnitude in" : "in") \($0.symbol))" } ?? ""
            throw invalid(key, "must be greater than zero\(magnitude), found \(value)")
        }
        return value
    }
}
