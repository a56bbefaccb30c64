/// A symbol of a KiCad symbol library (`.kicad_sym`), as far as a catalog needs it: its name,
/// the symbol it `extends` (an alias: the same drawing and pins under another name), its
/// properties (`Value`, `Footprint`, `Datasheet`, `ki_description`, `ki_keywords`) and its pins.
public struct KiCadSymbol: Sendable, Hashable {
    public struct Pin: Sendable, Hashable {
        /// "1"
        public var number: String
        /// "E"
        public var name: String
    }

    public var name: String
    public var extends: String?
    public var properties: [String: String]
    /// In the order the symbol draws them; an alias has none of its own.
    public var pins: [Pin]

    public var description: String? { properties["ki_description"] }

    /// Every top-level symbol of a library. The file must be a `kicad_symbol_lib`; a symbol
    /// without a name is an error of the file, as KiCad itself would refuse it.
    public static func symbols(in library: SExpression) throws(KiCadLibraryError) -> [KiCadSymbol] {
        guard library.head == "kicad_symbol_lib" else {
            throw KiCadLibraryError(message: "not a KiCad symbol library: it starts with (\(library.head ?? "…") …), not (kicad_symbol_lib …)")
        }
        var symbols: [KiCadSymbol] = []
        for (index, symbol) in library.children("symbol").enumerated() {
            guard let name = symbol.items.dropFirst().first?.text, !name.isEmpty else {
                throw KiCadLibraryError(message: "symbol \(index + 1) has no name")
            }
            var properties: [String: String] = [:]
            for property in symbol.children("property") {
                let parts = property.items.dropFirst().prefix(2).compactMap(\.text)
                if parts.count == 2 { properties[parts[0]] = parts[1] }
            }
            // Pins are drawn in the symbol's units, `(symbol "NAME_1_1" (pin … (name "E") (number "1")))`.
            let pins = symbol.children("symbol").flatMap { $0.children("pin") }.compactMap { pin -> Pin? in
                guard let number = pin.child("number")?.items.dropFirst().first?.text, let name = pin.child("name")?.items.dropFirst().first?.text else {
                    return nil
                }
                return Pin(number: number, name: name)
            }
            symbols.append(KiCadSymbol(name: name, extends: symbol.child("extends")?.items.dropFirst().first?.text, properties: properties, pins: pins))
        }
        return symbols
    }
}
