import Foundation
import ListorKit

/// Transistors from a KiCad symbol library (Debian's `kicad-symbols`: `Transistor_BJT.kicad_sym`,
/// `Transistor_FET.kicad_sym`). Each symbol's `ki_description` ("0.2A Ic, 40V Vce, Small Signal
/// NPN Transistor, TO-92", "-85A Id, -20V Vds, 7mOhm Rds, P-Channel MOSFET, DFN-8") gives its
/// family, polarity and ratings; its pins (an alias's are its parent's) give the pinout; its
/// footprint the package; its `Datasheet` the datasheet's address.
///
/// Only symbols whose reference is Q, KiCad's letter for transistors, are read, so a folder of
/// every KiCad library gives its transistors and passes over its ICs and diodes; KiCad's generic
/// symbols (`Device.kicad_sym`'s `Q_NPN_BCE`, `Q_NMOS_GDSD`…, named after their pins) are
/// drawings, not parts, and are passed over too.
///
/// Two transistors of one polarity in one package (a dual NPN) are one part, as distributors
/// list them; an N and a P transistor together (a complementary pair) are not a part of one
/// doping. A symbol that is not a BJT, MOSFET or JFET, or whose description gives no polarity,
/// is left out and reported by its name with the reason. A rating the description does not give
/// is not guessed: KiCad's digital transistors ("Digital NPN Transistor, 10k/10k, SOT-23") are
/// listed without ratings, which no rating filter lets through.
public enum KiCadTransistors {
    /// The library's transistors, and a problem for each symbol left out. Throws only when the
    /// file is not a symbol library at all (not an S-expression, or not `kicad_symbol_lib`).
    /// `file` names the library in each part's source ("Transistor_BJT.kicad_sym: 2N2219").
    public static func read(_ bytes: some Collection<UInt8>, file: String? = nil) throws -> TransistorCatalog {
        let symbols = try KiCadSymbol.symbols(in: try SExpression.parse(bytes))
        let byName = Dictionary(symbols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var transistors: [any Transistor] = []
        var problems: [Problem] = []
        for symbol in symbols {
            let parent = symbol.extends.flatMap { byName[$0] }
            // KiCad gives transistors the reference Q; ICs (U), diodes (D) and the rest are passed over.
            guard (symbol.properties["Reference"] ?? parent?.properties["Reference"]) == "Q", !symbol.name.hasPrefix("Q_") else { continue }
            switch transistor(symbol, parent: parent, file: file) {
            case .success(let transistor): transistors.append(transistor)
            case .failure(let problem): problems.append(problem)
            }
        }
        return TransistorCatalog(transistors: transistors, problems: problems)
    }

    /// One symbol as a transistor, or why it is not one.
    static func transistor(_ symbol: KiCadSymbol, parent: KiCadSymbol?, file: String? = nil) -> Result<any Transistor, Problem> {
        func refused(_ reason: String) -> Result<any Transistor, Problem> { .failure(Problem(itemName: symbol.name, reason: reason)) }
        // An alias has its parent's drawing, pins and footprint, unless it says otherwise.
        let properties = (parent?.properties ?? [:]).merging(symbol.properties) { _, own in own }
        let description = properties["ki_description"] ?? ""
        let text = (description + " " + (properties["ki_keywords"] ?? "")).lowercased()
        if let kind = ["unijunction", "igbt", "thyristor", "triac"].first(where: text.contains) { return refused("a \(kind), not a BJT, MOSFET or JFET") }
        let family: TransistorFamily
        // KiCad writes JFETs as "JFET" or "FET Transistor"; MOSFETs always name MOS (MOSFET, CoolMOS, OptiMOS) or HEXFET.
        if text.contains("jfet") || (text.contains("fet") && !text.contains("mos") && !text.contains("hexfet")) {
            family = .jfet
        } else if text.contains("fet") || text.contains("mos") {
            family = .mosfet
        } else if text.contains("npn") || text.contains("pnp") {
            family = .bjt
        } else {
            return refused("the description gives no family and polarity (NPN, PNP, or an N- or P-channel MOSFET or JFET): \"\(description)\"")
        }
        // The description says the polarity; the keywords only when it does not (BFT92 is a PNP
        // whose keywords say NPN).
        var (nType, pType) = polarity(description.lowercased())
        if !nType, !pType { (nType, pType) = polarity(text) }
        guard nType != pType else {
            return refused(nType ? "an N and a P transistor in one package: \"\(description)\"" : "the description gives no polarity: \"\(description)\"")
        }
        let figures = Figures(description)
        let pins = symbol.pins.isEmpty ? parent?.pins ?? [] : symbol.pins
        // KiCad writes "~" for no datasheet.
        let datasheet = Datasheet(pinout: pinout(pins, family: family), url: (properties["Datasheet"]).flatMap(Datasheet.webAddress),
                                  source: file.map { "\($0): \(symbol.name)" } ?? symbol.name)
        // A rating is a magnitude above zero, as the catalog keeps it; "0V" gives none.
        let ratings = Ratings(maxVoltage: figures.voltage(for: family).flatMap { $0 > 0 ? $0 : nil }, maxCurrent: figures.current.flatMap { $0 > 0 ? $0 : nil })
        let package = package(footprint: properties["Footprint"] ?? "", description: description)
        let name = symbol.name
        switch family {
        case .bjt:
            return .success(BJT(ratings: ratings, partNumber: name, package: package, use: description, doping: nType ? .npn : .pnp, datasheet: datasheet))
        case .mosfet:
            return .success(MOSFET(ratings: ratings, partNumber: name, package: package, use: description, doping: nType ? .nmos : .pmos,
                                   datasheet: datasheet, parameters: MOSFETParameters(onResistance: figures.resistance.flatMap { $0 > 0 ? $0 : nil })))
        case .jfet:
            return .success(JFET(ratings: ratings, partNumber: name, package: package, use: description, doping: nType ? .nChannel : .pChannel,
                                 datasheet: datasheet))
        }
    }

    /// Whether `text` names an N-type and a P-type transistor: NPN, N-channel, N-Ch, NMOS, N-MOS, N-JFET.
    static func polarity(_ text: String) -> (n: Bool, p: Bool) {
        (text.contains("npn") || text.contains(/\bn[- ]?(channel|ch|mos|jfet)\b/), text.contains("pnp") || text.contains(/\bp[- ]?(channel|ch|mos|jfet)\b/))
    }

    /// The pins in order of their numbers as a pinout ("EBC", "GDS"; "SSSGDDDD" for a MOSFET in
    /// SO-8), when every pin is one of the family's three terminals and each terminal is there.
    /// In a dual part every pin names its transistor (B1, C2: "E1B1C2E2B2C1"), and a terminal
    /// joined inside has no pin (BCV61: "C2C1E1E2"); a pin the two share (a common emitter "E",
    /// a half bridge's "S1/D2") leaves the pinout unknown.
    static func pinout(_ pins: [KiCadSymbol.Pin], family: TransistorFamily) -> Pinout? {
        let ordered = pins.sorted { (Int($0.number) ?? .max, $0.number) < (Int($1.number) ?? .max, $1.number) }
        let named = ordered.compactMap { pin -> (Terminal, Int?)? in
            guard let match = pin.name.uppercased().wholeMatch(of: /([A-Z])([1-9])?/), let terminal = Terminal(rawValue: Character(String(match.1))) else { return nil }
            return (terminal, match.2.flatMap { Int($0) })
        }
        let terminals = named.map(\.0), units = named.compactMap(\.1)
        guard named.count == ordered.count, Set(terminals).isSubset(of: family.terminals),
              units.isEmpty ? Set(terminals) == Set(family.terminals) : units.count == terminals.count && Set(units).count > 1 else { return nil }
        return Pinout(terminals: terminals, units: units)
    }

    /// The footprint's package ("Package_TO_SOT_THT:TO-92_Inline" is TO-92, "TO-220-3_Vertical"
    /// TO-220) when Listor knows it; otherwise the footprint's name as written
    /// ("DirectFET_MX"), or without a footprint the description's last part ("…, TO-92").
    static func package(footprint: String, description: String) -> Package {
        let name = footprint.split(separator: ":").last.map(String.init) ?? ""
        let first = String(name.prefix { $0 != "_" })
        let withoutPinCount = first.replacing(/-\d+$/, with: "")
        let last = description.split(separator: ",").last.map { String($0).trimmed() } ?? ""
        for candidate in [name, first, withoutPinCount, last] where !candidate.isEmpty {
            let package = Package(candidate)
            if package.isKnown { return package }
        }
        return Package(name.isEmpty ? last : name)
    }

    /// The ratings a description writes: a current with `A` (Ic, Id, Idss, or alone), a voltage
    /// with `V` (Vce, Vceo, Vds, Vdss, or alone), a resistance with `Ohm` (Rds, Ron); signs as
    /// written are dropped, as the catalog keeps magnitudes.
    struct Figures {
        var current: Double?
        /// By label, lower-cased: "vce", "vds", "vgs", "vgs(off)", or "" for none.
        var voltages: [(label: String, value: Double)] = []
        var resistance: Double?

        init(_ description: String) {
            for part in description.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if current == nil, let match = part.firstMatch(of: /^-?(\d+(?:\.\d+)?)\s*(m|u|µ)?A?\s*(?i:Ic|Id|Idss|Ic\(max\))\b|^-?(\d+(?:\.\d+)?)\s*(m|u|µ)?A(?:\s+(?:min|max))?$/) {
                    let number = Double(match.1 ?? match.3 ?? "") ?? 0
                    current = number / Self.divisor(match.2 ?? match.4)
                } else if let match = part.firstMatch(of: /^-?(\d+(?:\.\d+)?)\s*(k)?V\s*([A-Za-z()]*)$/) {
                    voltages.append((String(match.3).lowercased(), (Double(match.1) ?? 0) * (match.2 == nil ? 1 : 1000)))
                } else if resistance == nil, let match = part.firstMatch(of: /^(\d+(?:\.\d+)?)\s*(m|k)?Ohm\b/) {
                    // "22mOhm Rds Single N-Channel HEXFET Power MOSFET" says it first.
                    let number = Double(match.1) ?? 0
                    resistance = match.2 == "k" ? number * 1000 : number / Self.divisor(match.2)
                } else if resistance == nil, let match = part.firstMatch(of: /^(?i:Ron(?:on)?|Rds(?:on)?)\s+(\d+(?:\.\d+)?)\s*(m|k)?(?:R|Ohm)$/) {
                    // "Ronon 0.09R", as KiCad writes International Rectifier's HexFETs.
                    let number = Double(match.1) ?? 0
                    resistance = match.2 == "k" ? number * 1000 : number / Self.divisor(match.2)
                }
            }
        }

        /// What a prefix divides by: 1000 for milli. Dividing keeps "1.8m" at 0.0018, where
        /// multiplying by 0.001 gives 0.0018000000000000002.
        static func divisor(_ prefix: Substring?) -> Double {
            switch prefix {
            case "m": 1000
            case "u", "µ": 1_000_000
            default: 1
            }
        }

        /// The voltage the catalog rates a part of `family` by: VCE(O) for a BJT, VDS for a
        /// MOSFET or JFET, or a voltage written alone. Never a gate voltage.
        func voltage(for family: TransistorFamily) -> Double? {
            let wanted: Set<String> = family == .bjt ? ["vce", "vceo", "ce", ""] : ["vds", "vdss", "vdg", "ds", ""]
            return voltages.first { wanted.contains($0.label) }?.value
        }
    }
}
