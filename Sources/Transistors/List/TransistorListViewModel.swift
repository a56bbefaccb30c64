import ListorKit

/// The transistor list: loads a catalog, takes the user's search, filters and sort, and
/// produces rows and facet counts. Used by the command line and, per request, by the web.
public struct TransistorListViewModel: Sendable {
    public private(set) var state: LoadingState<TransistorCatalog> = .idle
    public private(set) var query: TransistorQuery
    /// The catalog laid out for queries; built once when it loads.
    private var index = TransistorIndex([])

    public init(query: TransistorQuery = TransistorQuery()) {
        self.query = query
    }

    /// A view model over a catalog that is already loaded.
    public init(catalog: TransistorCatalog, query: TransistorQuery = TransistorQuery()) {
        self.query = query
        show(catalog)
    }

    /// A view model over a catalog's index file, whose parts are read from it as they are
    /// shown; `problems` are the catalog's, as the index file keeps them.
    public init(index: TransistorIndex, problems: [Problem], query: TransistorQuery = TransistorQuery()) {
        self.query = query
        state = .loaded(TransistorCatalog(transistors: [], problems: problems))
        self.index = index
    }

    // MARK: User actions

    public mutating func load(from provider: some DataProvider<TransistorCatalog>) async {
        var final: LoadingState<TransistorCatalog> = .idle
        await LoadingState.load(provider) { final = $0 }
        if let catalog = final.value { show(catalog) } else { state = final }
    }

    /// A new search starts again from the first page.
    public mutating func search(_ text: String) {
        query.search = text
        query.page = 1
    }

    public mutating func apply(_ query: TransistorQuery) {
        self.query = query
    }

    /// The part numbered `partNumber`, whatever its case; `UnknownPartError`, naming the closest
    /// ones, when the catalog has none; `IndexFileError` when its record is damaged.
    public func transistor(partNumber: String) throws -> any Transistor {
        if let part = try index.transistor(partNumber: partNumber) { return part }
        throw UnknownPartError(partNumber: partNumber, suggestions: try index.suggestions(for: partNumber))
    }

    /// What can replace `original`, as `SubstitutesViewModel` says.
    public func substitutes(for original: any Transistor, samePinoutOnly: Bool = false, allowsPowerPackages: Bool = false,
                            limit: Int = SubstitutesViewModel.defaultLimit) throws(IndexFileError) -> SubstitutesViewModel {
        SubstitutesViewModel(original: original, candidates: try index.substituteCandidates(for: original), samePinoutOnly: samePinoutOnly,
                             allowsPowerPackages: allowsPowerPackages, limit: limit)
    }

    /// The parts named, side by side.
    public func comparison(of partNumbers: [String]) throws -> ComparisonViewModel {
        try ComparisonViewModel(partNumbers: partNumbers, find: transistor(partNumber:))
    }

    // MARK: What the view shows

    /// How many parts the catalog has.
    public var partCount: Int { index.count }

    /// The catalog's problems: entries that could not be read.
    public var problems: [Problem] { state.value?.problems ?? [] }

    /// The transistors that match the query, in its order. A part read from a damaged index
    /// file throws.
    public var matchingTransistors: [any Transistor] {
        get throws(IndexFileError) { try index.transistors(try index.select(query, facets: false), sort: query.sort) }
    }

    /// How many parts a page of the list shows.
    public static let pageSize = 50

    /// The query's page of the list, with the facet counts for the whole query.
    public var page: TransistorListPage {
        get throws(IndexFileError) { try page(size: Self.pageSize) }
    }

    /// A page of `size` parts, or with nil every matching part on one page (the command line's
    /// table); without `facets`, the facet counts are left empty (the table shows none).
    public func page(size: Int?, facets: Bool = true) throws(IndexFileError) -> TransistorListPage {
        let selection = try index.select(query, facets: facets)
        let matchCount = selection.count
        let size = max(size ?? matchCount, 1)
        let pageCount = max((matchCount + size - 1) / size, 1)
        let pageNumber = min(max(query.page, 1), pageCount)
        let offset = (pageNumber - 1) * size
        let shown = try index.transistors(selection, sort: query.sort, offset: offset, limit: size)
        let counts = facets ? try index.facetCounts(selection) : (families: [:], dopings: [:], packages: [])
        let unjudged = try unjudgedLogicLevel()
        return TransistorListPage(
            transistors: shown,
            totalCount: index.count,
            matchCount: matchCount,
            pageNumber: pageNumber,
            pageCount: pageCount,
            summary: summary(matchCount: matchCount, shown: offset..<(offset + shown.count)) + (unjudged.map { "; \($0)" } ?? ""),
            emptyMessage: emptyMessage(matchCount: matchCount).map { message in unjudged.map { "No transistors match; \($0)." } ?? message },
            familyCounts: TransistorFamily.allCases.map {
                FacetCount(value: $0.rawValue.lowercased(), label: $0.rawValue, count: counts.families[$0] ?? 0, isSelected: query.family == $0)
            },
            dopingCounts: counts.dopings.keys.sorted().map {
                FacetCount(value: $0, label: $0, count: counts.dopings[$0] ?? 0, isSelected: query.doping?.rawValue == $0)
            },
            packageCounts: counts.packages.map { package, count in
                FacetCount(value: package.name, label: package.name, count: count, isSelected: query.package?.name == package.name)
            })
    }

    /// With `logic-level` in the search: how many MOSFETs that match the rest could not be judged
    /// ("47 MOSFETs not judged logic-level: no Vgs(th) given"); nil when none, or without it.
    private func unjudgedLogicLevel() throws(IndexFileError) -> String? {
        guard SearchExpression.parse(query.search).logicLevel else { return nil }
        var rest = query
        rest.search = query.search.split(whereSeparator: \.isWhitespace)
            .filter { !["logic-level", "logiclevel"].contains($0.lowercased()) }.joined(separator: " ")
        let count = try index.unjudgedGateDrive(try index.select(rest, facets: false))
        guard count > 0 else { return nil }
        return "\(count) \(count == 1 ? "MOSFET" : "MOSFETs") not judged logic-level: \(count == 1 ? "its" : "their") catalog gives no threshold (Vgs(th)) nor Rds(on)'s gate voltage"
    }

    // MARK: - Internals

    private mutating func show(_ catalog: TransistorCatalog) {
        state = .loaded(catalog)
        index = TransistorIndex(catalog.transistors)
    }

    /// "189 transistors", "12 of 189 transistors"; when the matches take several pages,
    /// "51–100 of 189 transistors" or "1–50 of 120 matching, of 189 transistors".
    private func summary(matchCount: Int, shown: Range<Int>) -> String {
        let total = index.count
        let noun = total == 1 ? "transistor" : "transistors"
        let all = matchCount == total ? "\(total) \(noun)" : "\(matchCount) of \(total) \(noun)"
        guard shown.count < matchCount, !shown.isEmpty else { return all }
        let range = "\(shown.lowerBound + 1)–\(shown.upperBound)"
        return matchCount == total ? "\(range) of \(all)" : "\(range) of \(matchCount) matching, of \(total) \(noun)"
    }

    private func emptyMessage(matchCount: Int) -> String? {
        guard matchCount == 0 else { return nil }
        switch state {
        case .idle, .loading: return "Loading the catalog…"
        case .failed(let message): return "The catalog could not be loaded: \(message)"
        case .loaded:
            if index.count == 0 { return "The catalog is empty." }
            // A package no part comes in would otherwise just find nothing.
            if let package = query.package, !index.allPackages.contains(package) {
                let known = index.allPackages.map(\.name)
                return "No part in the catalog comes in \(package.name); its packages are "
                    + known.prefix(12).joined(separator: ", ") + (known.count > 12 ? " and \(known.count - 12) more." : ".")
            }
            return "No transistors match. Try a shorter search or fewer filters."
        }
    }

    public static func row(_ transistor: any Transistor) -> TransistorRow {
        TransistorRow(
            partNumber: transistor.partNumber,
            family: transistor.family.rawValue,
            doping: transistor.dopingName,
            maxVoltage: Quantity.text(transistor.ratings.maxVoltage, .volt),
            maxCurrent: Quantity.text(transistor.ratings.maxCurrent, .ampere),
            package: transistor.package.name,
            use: transistor.use)
    }
}
