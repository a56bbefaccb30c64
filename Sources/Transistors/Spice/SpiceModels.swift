import ListorKit

/// Transistors from a SPICE model library (`.lib`, `.mod`, `.txt`): each
/// `.model NAME NPN|PNP|NMOS|PMOS|VDMOS|NJF|PJF(…)` statement, continued on lines that start
/// with `+`, with `*` comment lines and `;` or `$` comments after a statement. The ratings are
/// the vendor annotations LTspice's libraries carry, case-insensitive: `Vceo` and `Icrating`
/// for a BJT, `Vds` for a MOSFET or JFET, `Idss` for a JFET; `Ron` is a MOSFET's on-resistance
/// and `mfg` its maker. SPICE's suffixes are read (`200m`, `1.5n`, `10meg`).
///
/// A transistor model without a rating (as vendors publish them: National's `Q2N2222`) is a
/// part all the same, its ratings not given: its parameters (a JFET's Beta and Vto) describe a
/// simulation, and a rating is not guessed from them. A model names no package, so its part's
/// package is `Package.unknown`, which a merged source may give. A `.subckt` named after a part
/// whose one transistor model is named after it too (Zetex's `BS170` and its `MBS170 NMOS`) is
/// that part; the models inside other subcircuits (an op-amp's transistors, which are not
/// parts), and models of other devices (diodes, switches), are passed over. A library of no
/// transistor at all says so, as a problem of the whole file. Lines may end in LF, CRLF or CR.
public enum SpiceModels {
    /// Whether `bytes` hold a `.model` statement at the start of a line.
    static func isModelLibrary(_ bytes: some Collection<UInt8>) -> Bool {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).contains { line in
            line.drop { $0 == " " || $0 == "\t" }.prefix(7).lowercased().wholeMatch(of: /\.model\s/) != nil
        }
    }

    /// The library's transistors, and a problem for each transistor model left out.
    public static func read(_ bytes: some Collection<UInt8>, file: String? = nil) -> TransistorCatalog {
        var transistors: [any Transistor] = []
        var problems: [Problem] = []
        var firstLine: [String: Int] = [:]
        // The subcircuits open, each with its name and the transistor models inside it.
        var open: [(name: String, line: Int, models: [(line: Int, text: String)])] = []
        for statement in statements(String(decoding: bytes, as: UTF8.self)) {
            let keyword = statement.text.prefix { !$0.isWhitespace }.lowercased()
            if keyword == ".subckt" {
                let name = statement.text.split(whereSeparator: \.isWhitespace).dropFirst().first.map(String.init) ?? ""
                open.append((name, statement.line, []))
                continue
            }
            var item = statement
            if keyword == ".ends" {
                guard let subcircuit = open.popLast() else { continue }
                // A part's own subcircuit: one transistor model, named after it.
                let words = subcircuit.models.first?.text.split(maxSplits: 2, whereSeparator: \.isWhitespace) ?? []
                guard open.isEmpty, subcircuit.models.count == 1, words.count == 3, !subcircuit.name.isEmpty,
                      words[1].lowercased().contains(subcircuit.name.lowercased()) else { continue }
                item = (subcircuit.line, ".model \(subcircuit.name) \(words[2])")
            } else if !open.isEmpty {
                if keyword == ".model", model(statement.text, file: file) != nil { open[open.count - 1].models.append(statement) }
                continue
            }
            switch model(item.text, file: file) {
            case nil: continue
            case .failure(let problem)?:
                problems.append(Problem(line: item.line, itemName: problem.itemName, reason: problem.reason))
            case .success(let transistor)?:
                let key = TransistorCatalog.key(transistor.partNumber)
                if let line = firstLine[key] {
                    problems.append(Problem(line: item.line, itemName: transistor.partNumber, reason: "repeats the model on line \(line); the first one is kept"))
                    continue
                }
                firstLine[key] = item.line
                transistors.append(transistor)
            }
        }
        if transistors.isEmpty, problems.isEmpty {
            problems.append(Problem(reason: "\(file ?? "the library") has no transistor model: no .model of NPN, PNP, NMOS, PMOS, VDMOS, NJF or PJF, "
                                    + "nor a subcircuit named after a part with its model inside"))
        }
        return TransistorCatalog(transistors: transistors, problems: problems)
    }

    /// The statements of a netlist, each with the line it starts on: continuation lines joined,
    /// comments dropped.
    static func statements(_ text: String) -> [(line: Int, text: String)] {
        var result: [(line: Int, text: String)] = []
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = Substring(rawLine)
            if let comment = line.firstIndex(where: { $0 == ";" || $0 == "$" }) { line = line[..<comment] }
            let trimmed = String(line).trimmed()
            if trimmed.isEmpty || trimmed.hasPrefix("*") { continue }
            if trimmed.hasPrefix("+"), !result.isEmpty {
                result[result.count - 1].text += " " + trimmed.dropFirst()
            } else {
                result.append((offset + 1, trimmed))
            }
        }
        return result
    }

    /// One statement as a transistor; nil when it is not a transistor's `.model`.
    static func model(_ statement: String, file: String?) -> Result<any Transistor, Problem>? {
        guard let head = statement.prefixMatch(of: /(?i)\.model\s+(\S+)\s+([A-Za-z]+)\s*\(?/) else { return nil }
        let name = String(head.1)
        let kind = head.2.uppercased()
        guard ["NPN", "PNP", "NMOS", "PMOS", "VDMOS", "NJF", "PJF"].contains(kind) else { return nil }
        var values: [String: String] = [:]
        var flags: Set<String> = []
        let parameters = statement[head.range.upperBound...].replacing(/[()]/, with: " ")
        for match in parameters.matches(of: /([A-Za-z_][A-Za-z0-9_]*)\s*(?:=\s*("[^"]*"|[^\s,=]+))?/) {
            let key = match.1.lowercased()
            if let value = match.2 {
                values[key] = String(value.filter { $0 != "\"" })
            } else {
                flags.insert(key)
            }
        }
        // A rating is a magnitude above zero, as the catalog keeps it; `Vceo=0` gives none.
        func number(_ key: String) -> Double? { values[key].flatMap(Self.number).map(abs).flatMap { $0 > 0 ? $0 : nil } }
        let family: TransistorFamily = switch kind {
        case "NPN", "PNP": .bjt
        case "NJF", "PJF": .jfet
        default: .mosfet
        }
        let nType = kind == "VDMOS" ? !flags.contains("pchan") : ["NPN", "NMOS", "NJF"].contains(kind)
        let ratings = switch family {
        case .bjt: Ratings(maxVoltage: number("vceo"), maxCurrent: number("icrating"))
        case .mosfet: Ratings(maxVoltage: number("vds"), maxCurrent: nil)
        case .jfet: Ratings(maxVoltage: number("vds"), maxCurrent: number("idss"))
        }
        let use = "SPICE model" + (values["mfg"].map { " (\($0))" } ?? "")
        let datasheet = Datasheet(source: file.map { "\($0): \(name)" } ?? name)
        let onResistance = number("ron")
        let transistor: any Transistor = switch family {
        case .bjt: BJT(ratings: ratings, partNumber: name, package: .unknown, use: use, doping: nType ? .npn : .pnp, datasheet: datasheet)
        case .mosfet: MOSFET(ratings: ratings, partNumber: name, package: .unknown, use: use, doping: nType ? .nmos : .pmos, datasheet: datasheet,
                             parameters: MOSFETParameters(onResistance: onResistance))
        case .jfet: JFET(ratings: ratings, partNumber: name, package: .unknown, use: use, doping: nType ? .nChannel : .pChannel, datasheet: datasheet)
        }
        return .success(transistor)
    }

    /// A SPICE number: `200m`, `1.5n`, `10Meg`, `1e-14`, `40V` (letters after the suffix are a
    /// unit and ignored); nil for anything else.
    static func number(_ text: String) -> Double? {
        guard let match = text.wholeMatch(of: /([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([A-Za-z]*)/), let value = Double(match.1) else { return nil }
        let suffix = match.2.lowercased()
        // Dividing for the small prefixes keeps 1.8m at 0.0018 exactly as written.
        let scaled: Double = switch suffix {
        case _ where suffix.hasPrefix("meg"): value * 1e6
        case _ where suffix.hasPrefix("mil"): value * 25.4 / 1e6
        case _ where suffix.hasPrefix("t"): value * 1e12
        case _ where suffix.hasPrefix("g"): value * 1e9
        case _ where suffix.hasPrefix("k"): value * 1e3
        case _ where suffix.hasPrefix("m"): value / 1e3
        case _ where suffix.hasPrefix("u"), _ where suffix.hasPrefix("µ"): value / 1e6
        case _ where suffix.hasPrefix("n"): value / 1e9
        case _ where suffix.hasPrefix("p"): value / 1e12
        case _ where suffix.hasPrefix("f"): value / 1e15
        default: value
        }
        return scaled.isFinite ? scaled : nil
    }
}
