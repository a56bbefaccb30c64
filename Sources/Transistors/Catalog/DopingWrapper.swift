import Foundation
import ListorKit

/// The doping inside a family object (`"BJT": {"bjt_doping": "NPN"}`), generic over the family
/// as seed 000 designs it. Each `Doping` names its own JSON key, so adding a family adds no
/// code here. Doping names are matched without regard to case ("npn" is NPN).
struct DopingWrapper<T: Doping>: Equatable, JSONValueDecodable {
    let doping: T

    init(doping: T) {
        self.doping = doping
    }

    init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        doping = try fields.choice(T.self, AnyJSONKey(T.codingKey))
    }
}
