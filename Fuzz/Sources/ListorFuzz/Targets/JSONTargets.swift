import ListorKit
import Transistors

enum JSONTargets {
    /// The JSON parser: what parses re-serializes to text that parses to the same value.
    static let parser = FuzzTarget(name: "json", summary: "ListorKit's JSON parser; a parsed value survives serializing and parsing again") { bytes in
        guard let value = try? JSONParser.parse(bytes) else { return }
        for pretty in [false, true] {
            let text = value.serialized(pretty: pretty)
            guard let again = try? JSONParser.parse(text) else { fatalError("invariant broken: serialized JSON does not parse: \(text.prefix(200))") }
            require(again == value, "round trip changed the value: \(text.prefix(200))")
        }
    }

    /// The transistor catalog decoder: what it decodes re-encodes to a catalog that decodes to the same parts.
    static let catalog = FuzzTarget(name: "catalog", summary: "the transistor catalog decoder; a decoded catalog re-encodes to the same parts") { bytes in
        guard let catalog = try? TransistorCatalogDecoder().decode(bytes) else { return }
        let text = TransistorJSON.value(catalog.transistors).serialized(pretty: false)
        guard let again = try? TransistorCatalogDecoder().decode(Array(text.utf8)) else { fatalError("invariant broken: a re-encoded catalog does not decode") }
        require(again.transistors.map(\.partNumber) == catalog.transistors.map(\.partNumber), "re-encoding changed the part numbers")
    }
}
