import ListorKit

/// The one check every request body of the library makes of its member names: a name that is
/// none of `fields` (and not one of `readOnly`, which a client may send back as it read them) is
/// refused by name, listing the fields that can be written.
enum BodyFields {
    static func check(_ names: [String], fields: [String], readOnly: Set<String> = [], of what: String, codingPath: [any CodingKey]) throws {
        guard let unknown = names.first(where: { !fields.contains($0) && !readOnly.contains($0) }) else { return }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyJSONKey(unknown)], debugDescription:
            "is not a field of \(what); the fields are " + fields.joined(separator: ", ")))
    }
}
