/// Why a whole document could not be read as a batch of items.
public enum BatchDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case notJSON(JSONSyntaxError)
    case notAnArray(found: String)

    public var description: String {
        switch self {
        case .empty:
            "the file is empty; expected a JSON array"
        case .notJSON(let error):
            "not valid JSON: \(error)"
        case .notAnArray(let found):
            "expected a JSON array at the top level, found \(found)"
                + (found == "an object" ? " (a single item? wrap it in [ ])" : "")
        }
    }
}

/// Decodes a JSON array item by item, so that a bad item becomes a `Problem` and the rest survive.
public struct BatchDecoder: Sendable {
    public init() {}

    /// - Parameter itemName: names an item in reports when its own decoding failed (a part number).
    public func decode<Item: Decodable & Sendable>(
        _ type: Item.Type,
        from bytes: some Collection<UInt8>,
        itemName: (JSONValue) -> String? = { _ in nil }
    ) throws(BatchDecodingError) -> PartialResult<Item> {
        if bytes.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) { throw .empty }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .notJSON(error)
        }
        guard case .array(let elements) = document else { throw .notAnArray(found: document.summary) }
        return decode(type, elements: elements, itemName: itemName)
    }

    public func decode<Item: Decodable & Sendable>(
        _ type: Item.Type,
        elements: [JSONValue],
        itemName: (JSONValue) -> String? = { _ in nil }
    ) -> PartialResult<Item> {
        let decoder = JSONValueDecoder()
        var result = PartialResult<Item>()
        result.items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                result.items.append(try decoder.decode(type, from: element))
            } catch let error as DecodingError {
                result.problems.append(Problem(decodingError: error, index: index, itemName: itemName(element)))
            } catch {
                result.problems.append(Problem(index: index, itemName: itemName(element), reason: "\(error)"))
            }
        }
        return result
    }
}
