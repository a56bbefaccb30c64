import ListorKit

/// Several catalogs as one: KiCad's libraries, SPICE models, a user's files, the bundled
/// catalog, read in the order given, one part per part number. Each field of a part comes from
/// the first source that gives it: a KiCad symbol's package and pinout complete a SPICE model's
/// ratings, and a source named earlier wins a figure two sources give differently, which is
/// reported naming both. The use, datasheet address and complement are the first source's that
/// has one, unreported; the part's source names every source it came from. Sources that
/// disagree on a part's family or polarity, or whose figures together are not one valid part
/// (an hFE minimum above another's maximum), give the first source's part alone, reported.
/// Each source's own problems are reported under its name; a source that cannot be read at all
/// fails the load, naming it, as one catalog's file would.
public struct MergedCatalogProvider: DataProvider {
    public struct Source: Sendable {
        /// How reports name it: "Transistor_BJT.kicad_sym".
        public let name: String
        public let provider: any DataProvider<TransistorCatalog>

        public init(name: String, provider: any DataProvider<TransistorCatalog>) {
            self.name = name
            self.provider = provider
        }
    }

    public let sources: [Source]

    public init(sources: [Source]) {
        self.sources = sources
    }

    public func load() async throws -> TransistorCatalog {
        var catalogs: [(name: String, catalog: TransistorCatalog)] = []
        for source in sources {
            catalogs.append((source.name, try await source.provider.load()))
        }
        return Self.merged(catalogs)
    }

    /// The catalogs as one, field by field, the first source winning.
    public static func merged(_ catalogs: [(name: String, catalog: TransistorCatalog)]) -> TransistorCatalog {
        var transistors: [any Transistor] = []
        var problems: [Problem] = []
        // For each part number: its place in `transistors`, the sources it came from, and the
        // parts as those sources gave them, until the end, when parts from several are merged.
        var entries: [String: (position: Int, sources: [String], parts: [any Transistor])] = [:]
        for (name, catalog) in catalogs {
            problems += catalog.problems.map { Problem(itemName: name, reason: $0.description) }
            for transistor in catalog.transistors {
                let key = TransistorCatalog.key(transistor.partNumber)
                guard var entry = entries[key] else {
                    entries[key] = (transistors.count, [name], [transistor])
                    transistors.append(transistor)
                    continue
                }
                let first = entry.parts[0]
                guard first.family == transistor.family, first.isNType == transistor.isNType else {
                    problems.append(Problem(itemName: name, reason: "\(transistor.partNumber): a \(transistor.dopingName) \(transistor.family.rawValue) here, "
                                            + "a \(first.dopingName) \(first.family.rawValue) in \(entry.sources[0]); the part from \(entry.sources[0]) is kept"))
                    continue
                }
                entry.sources.append(name)
                entry.parts.append(transistor)
                entries[key] = entry
            }
        }
        for entry in entries.values where entry.parts.count > 1 {
            let (part, conflicts) = merge(entry.parts, sources: entry.sources)
            transistors[entry.position] = part
            problems += conflicts
        }
        return TransistorCatalog(transistors: transistors, problems: problems)
    }

    /// A conflicting figure with its unit, as the field at `path` holds it ("45 V", "0.5 A");
    /// anything else as JSON describes it.
    static func text(_ value: JSONValue, at path: String) -> String {
        guard case .number(let number) = value else { return value.summary }
        let field = path.split(separator: ".").last?.lowercased() ?? ""
        let unit: PhysicalUnit? = if field.contains("voltage") { .volt } else if field.contains("current") || field.contains("idss") { .ampere }
            else if field.contains("power") { .watt } else if field.contains("frequency") { .hertz } else if field.contains("resistance") { .ohm } else { nil }
        return unit.map { Quantity(number, $0).description } ?? value.summary
    }

    /// One part from the same part as several sources give it, and a problem for each figure
    /// they give differently.
    private static func merge(_ parts: [any Transistor], sources: [String]) -> (any Transistor, [Problem]) {
        var merged = TransistorJSON.value(parts[0])
        var problems: [Problem] = []
        for (part, source) in zip(parts, sources).dropFirst() {
            merged = merge(merged, TransistorJSON.value(part), path: []) { path, kept, other in
                problems.append(Problem(itemName: source, reason: "\(parts[0].partNumber): \(path) is \(Self.text(other, at: path)) here and "
                                        + "\(Self.text(kept, at: path)) in \(sources[0]); the first is kept"))
            }
        }
        if case .object(var object) = merged, case .object(var datasheet)? = object["datasheet"] {
            let names = zip(parts, sources).map { $0.datasheet.source ?? "\($1): \($0.partNumber)" }
            datasheet.members.removeAll { $0.key == "source" }
            datasheet.members.append(.init(key: "source", value: .string(names.joined(separator: "; "))))
            object.members = object.members.map { $0.key == "datasheet" ? .init(key: "datasheet", value: .object(datasheet)) : $0 }
            merged = .object(object)
        }
        do {
            return (try TransistorCatalogDecoder.CatalogEntry(json: merged, codingPath: []).transistor, problems)
        } catch {
            let reason = Problem(decodingError: error as? DecodingError ?? .dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))).description
            return (parts[0], [Problem(itemName: sources[1...].joined(separator: ", "),
                                       reason: "\(parts[0].partNumber): together with \(sources[0]) not one part (\(reason)); the part from \(sources[0]) is kept")])
        }
    }

    /// `kept` with the members of `other` it lacks, recursively; `conflict` hears of each
    /// figure both give differently. A package `unknown` is one not given.
    private static func merge(_ kept: JSONValue, _ other: JSONValue, path: [String], conflict: (String, JSONValue, JSONValue) -> Void) -> JSONValue {
        guard case .object(var object) = kept, case .object(let others) = other else {
            if kept != other, !["part_number", "use", "url", "complement", "source"].contains(path.last ?? "") { conflict(path.joined(separator: "."), kept, other) }
            return kept
        }
        for member in others.members {
            if let index = object.members.firstIndex(where: { $0.key == member.key }) {
                if member.key == "package", object.members[index].value == .string(Package.unknown.name) {
                    object.members[index].value = member.value
                } else if !(member.key == "package" && member.value == .string(Package.unknown.name)) {
                    object.members[index].value = merge(object.members[index].value, member.value, path: path + [member.key], conflict: conflict)
                }
            } else {
                object.members.append(member)
            }
        }
        return .object(object)
    }
}
