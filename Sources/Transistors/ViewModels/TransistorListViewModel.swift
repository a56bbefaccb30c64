import ListorKit

/// The transistor list: loads a catalog, takes the user's search, filters and sort, and
/// produces rows and facet counts. Used by the command line and, per request, by the web.
public struct TransistorListViewModel: Sendable {
    public private(set) var state: LoadingState<TransistorCatalog> = .idle
    public private(set) var query: TransistorQuery
    private var list = ListModel<any Transistor>([], searchableText: { _ in "" })
    /// Each part's place in part-number order.
    private var partRanks: [String: Int] = [:]
    /// Each package name's place in the order of `Package`.
    private var packageRanks: [String: Int] = [:]

    public init(query: TransistorQuery = TransistorQuery()) {
        self.query = query
    }

    /// A view model over a catalog that is already loaded.
    public init(catalog: TransistorCatalog, query: TransistorQuery = TransistorQuery()) {
        self.query = query
        show(catalog)
    }

    // MARK: User actions

    public mutating func load(from provider: some DataProvider<TransistorCatalog>) async {
        var final: LoadingState<TransistorCatalog> = .idle
        await LoadingState.load(provider) { final = $0 }
        if let catalog = final.value { show(catalog) } else { state = final }
    }

    public mutating func search(_ text: String) {
        query.search = text
    }

    public mutating func apply(_ query: TransistorQuery) {
        self.query = query
    }

    // MARK: What the view shows

    /// The catalog's problems: entries that could not be read.
    public var problems: [Problem] { state.value?.problems ?? [] }

    /// The transistors that match the query, in its order.
    public var matchingTransistors: [any Transistor] {
        list.query(search: SearchQuery(expression.textSearch), filters: filters, order: order)
    }

    /// The search box read as the query language: its words are searched for, the rest filters.
    private var expression: SearchExpression {
        SearchExpression.parse(query.search)
    }

    public var page: TransistorListPage {
        let selection = list.select(search: SearchQuery(expression.textSearch), filters: filters)
        let matching = selection.items(in: order)
        let total = list.count
        let noun = total == 1 ? "transistor" : "transistors"
        let families = selection.facetCounts(of: { $0.family }, excluding: FilterName.family)
        let dopings = selection.facetCounts(of: { $0.dopingName }, excluding: FilterName.doping)
        let packages = selection.facetCounts(of: { $0.package.name }, excluding: FilterName.package)
        return TransistorListPage(
            transistors: matching,
            totalCount: total,
            summary: matching.count == total ? "\(total) \(noun)" : "\(matching.count) of \(total) \(noun)",
            emptyMessage: emptyMessage(matchCount: matching.count),
            familyCounts: TransistorFamily.allCases.map {
                FacetCount(value: $0.rawValue.lowercased(), label: $0.rawValue, count: families[$0] ?? 0, isSelected: query.family == $0)
            },
            dopingCounts: dopings.keys.sorted().map {
                FacetCount(value: $0, label: $0, count: dopings[$0] ?? 0, isSelected: query.doping?.rawValue == $0)
            },
            packageCounts: packages.keys.sorted { packageRanks[$0] ?? .max < packageRanks[$1] ?? .max }.map {
                FacetCount(value: $0, label: $0, count: packages[$0] ?? 0, isSelected: query.package?.name == $0)
            })
    }

    // MARK: - Internals

    private enum FilterName {
        static let family = "family", doping = "doping", package = "package"
    }

    private mutating func show(_ catalog: TransistorCatalog) {
        state = .loaded(catalog)
        // Kept in part-number order, so the default order needs no sort and the others break
        // ties by a rank instead of comparing part numbers on every request.
        let ordered = ListOrder<any Transistor> { NaturalSortKey($0.partNumber) }.sorted(catalog.transistors)
        partRanks = Dictionary(ordered.enumerated().map { ($1.partNumber, $0) }, uniquingKeysWith: { first, _ in first })
        let packages = Set(ordered.map(\.package)).sorted()
        packageRanks = Dictionary(packages.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        list = ListModel(ordered) { "\($0.partNumber) \($0.use) \($0.package.name) \($0.dopingName) \($0.family.rawValue)" }
    }

    private var filters: [ListFilter<any Transistor>] {
        var filters: [ListFilter<any Transistor>] = []
        if let family = query.family { filters.append(ListFilter(FilterName.family) { $0.family == family }) }
        if let doping = query.doping { filters.append(ListFilter(FilterName.doping) { doping.includes($0) }) }
        if let package = query.package { filters.append(ListFilter(FilterName.package) { $0.package == package }) }
        if let minVoltage = query.minVoltage { filters.append(ListFilter("min_voltage") { $0.ratings.maxVoltage >= minVoltage }) }
        if let minCurrent = query.minCurrent { filters.append(ListFilter("min_current") { $0.ratings.maxCurrent >= minCurrent }) }
        let expression = expression
        if expression.hasFilters {
            filters.append(ListFilter("search") { expression.matches($0) })
        }
        return filters
    }

    /// Equal ratings fall back to part-number order, so a sort by voltage reads like a catalog.
    private var order: ListOrder<any Transistor>? {
        let ranks = partRanks
        let rank: @Sendable (any Transistor) -> Int = { ranks[$0.partNumber] ?? .max }
        return switch query.sort {
        case .partNumber: nil
        case .partNumberDescending: ListOrder(key: rank, descending: true)
        case .voltage: ListOrder { RatingThenPart(rating: $0.ratings.maxVoltage, rank: rank($0), descending: false) }
        case .voltageDescending: ListOrder { RatingThenPart(rating: $0.ratings.maxVoltage, rank: rank($0), descending: true) }
        case .current: ListOrder { RatingThenPart(rating: $0.ratings.maxCurrent, rank: rank($0), descending: false) }
        case .currentDescending: ListOrder { RatingThenPart(rating: $0.ratings.maxCurrent, rank: rank($0), descending: true) }
        }
    }

    private struct RatingThenPart: Comparable, Sendable {
        let rating: Double
        let rank: Int
        let descending: Bool

        static func < (lhs: Self, rhs: Self) -> Bool {
            if lhs.rating != rhs.rating { return lhs.descending ? lhs.rating > rhs.rating : lhs.rating < rhs.rating }
            return lhs.rank < rhs.rank
        }
    }

    private func emptyMessage(matchCount: Int) -> String? {
        guard matchCount == 0 else { return nil }
        switch state {
        case .idle, .loading: return "Loading the catalog…"
        case .failed(let message): return "The catalog could not be loaded: \(message)"
        case .loaded:
            if list.count == 0 { return "The catalog is empty." }
            return "No transistors match. Try a shorter search or fewer filters."
        }
    }

    public static func row(_ transistor: any Transistor) -> TransistorRow {
        TransistorRow(
            partNumber: transistor.partNumber,
            family: transistor.family.rawValue,
            doping: transistor.dopingName,
            maxVoltage: Quantity(transistor.ratings.maxVoltage, .volt).description,
            maxCurrent: Quantity(transistor.ratings.maxCurrent, .ampere).description,
            package: transistor.package.name,
            use: transistor.use)
    }
}
