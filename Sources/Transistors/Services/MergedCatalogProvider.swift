import ListorKit

/// Several catalogs as one: KiCad's libraries, a user's files, the bundled catalog, read in the
/// order given. A part number found in more than one source is the first source's part (whose
/// fields all come from it), and each repeat is reported naming both sources; each source's own
/// problems are reported under its name. A source that cannot be read at all fails the load,
/// naming it, as one catalog's file would.
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

    /// The catalogs as one, the first source winning each part number.
    public static func merged(_ catalogs: [(name: String, catalog: TransistorCatalog)]) -> TransistorCatalog {
        var transistors: [any Transistor] = []
        var problems: [Problem] = []
        var firstSource: [String: String] = [:]
        for (name, catalog) in catalogs {
            problems += catalog.problems.map { Problem(itemName: name, reason: $0.description) }
            for transistor in catalog.transistors {
                let key = TransistorCatalog.key(transistor.partNumber)
                if let first = firstSource[key] {
                    problems.append(Problem(itemName: name, reason: "\(transistor.partNumber): also in \(first); the part from \(first) is kept"))
                    continue
                }
                firstSource[key] = name
                transistors.append(transistor)
            }
        }
        return TransistorCatalog(transistors: transistors, problems: problems)
    }
}
