import ListorKit

/// What `POST /api/modbus/devices/{device}/writes` sends: `{"register": "61", "value": 30}`, the
/// variable by its first register or its span, and the value as text or a number.
struct ModbusWriteBody: JSONValueDecodable {
    var register: String
    var value: String

    private enum Key: String, CodingKey, CaseIterable { case register, value }

    init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        if let unknown = fields.object.keys.first(where: { Key(rawValue: $0) == nil }) {
            throw fields.invalid(AnyJSONKey(unknown), "is not a field of a write; the fields are register and value")
        }
        register = try fields.string(Key.register)
        switch try fields.value(Key.value) {
        case .string(let text): value = text
        case .number(let number): value = JSONValue.number(number).serialized(pretty: false)
        case .bool(let on): value = on ? "1" : "0"
        default: throw fields.invalid(Key.value, "expected the value as text or a number")
        }
    }
}
