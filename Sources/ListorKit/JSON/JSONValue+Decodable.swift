extension JSONValue: Decodable {
    /// Reads whatever JSON a decoder holds. Member order follows the decoder's `allKeys`.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyJSONKey.self) {
            var members: [JSONObject.Member] = []
            for key in keyed.allKeys {
                members.append(JSONObject.Member(key: key.stringValue, value: try keyed.decode(JSONValue.self, forKey: key)))
            }
            self = .object(JSONObject(members: members))
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}
