import Foundation
import ListorKit

/// A catalog laid out for queries at a million parts: the parts in part-number order (a row is a
/// part's place in it), a bit set per family and doping, each part's package as a number, each
/// parameter as a column of numbers, the rows sorted by voltage and by current, and the part
/// numbers under a trigram index. A query is then word-wise ANDs, scans of packed columns
/// and lookups of a few postings, instead of a pass over every part's fields.
///
/// It answers exactly what a plain scan with `TransistorQuery`'s rules answers: the tests hold
/// the two against each other on generated catalogs.
public struct TransistorIndex: Sendable {
    /// The parts as the catalog has them, and for each row (part-number order) its place there.
    private let parts: [any Transistor]
    private let partOfRow: [Int32]
    /// One set per family and doping: NPN, PNP, NMOS, PMOS, N-channel, P-channel.
    private let dopingRows: [RowSet]
    private let dopingCodes: [UInt8]
    private let logicLevelRows: RowSet
    /// The packages in `Package` order, and each row's place in it.
    private let packages: [Package]
    private let packageIDs: [UInt32]
    /// The rows of each package, in row order: `packageRows[packageStarts[id]..<packageStarts[id + 1]]`.
    private let packageRows: [Int32]
    private let packageStarts: [Int]
    /// Each parameter's figure as the range its datasheet gives; NaN where a part has none. A
    /// parameter no part gives has no column.
    private let lows: [TransistorParameter: [Double]]
    private let highs: [TransistorParameter: [Double]]
    /// The rows by voltage and by current, lowest first, ties in part-number order.
    private let voltageOrder: [Int32]
    private let currentOrder: [Int32]
    private let partNumbers: PartNumberIndex
    /// The rest of each part's searchable text (use, package, doping, family): the distinct
    /// texts, and each row's.
    private let restTexts: [FoldedText]
    private let restIDs: [UInt32]

    public var count: Int { parts.count }

    public init(_ catalog: [any Transistor]) {
        let count = catalog.count
        // One pass over the parts in the catalog's order, the order they lie in memory, takes
        // every fact the index keeps; the columns are then put in row order.
        var keys: [NaturalSortKey] = []
        var partNumberTexts: [String] = []
        var codes: [UInt8] = []
        var isLogicLevel: [Bool] = []
        var packageOfPart: [UInt32] = []
        var packageID: [Package: UInt32] = [:]
        var packageList: [Package] = []
        var restIDs: [UInt32] = []
        var restID: [RestKey: UInt32] = [:]
        var restTexts: [FoldedText] = []
        var lowColumns: [TransistorParameter: [Double]] = [:]
        var highColumns: [TransistorParameter: [Double]] = [:]
        var ranged: Set<TransistorParameter> = []
        keys.reserveCapacity(count)
        partNumberTexts.reserveCapacity(count)
        codes.reserveCapacity(count)
        isLogicLevel.reserveCapacity(count)
        packageOfPart.reserveCapacity(count)
        restIDs.reserveCapacity(count)
        for (position, part) in catalog.enumerated() {
            keys.append(NaturalSortKey(part.partNumber))
            partNumberTexts.append(part.partNumber)
            let code = Self.dopingCode(part)
            codes.append(code)
            isLogicLevel.append(SearchExpression.isLogicLevel(part))
            let package = part.package
            let id: UInt32
            if let known = packageID[package] {
                id = known
            } else {
                id = UInt32(packageList.count)
                packageID[package] = id
                packageList.append(package)
            }
            packageOfPart.append(id)
            let key = RestKey(use: part.use, package: id, doping: code)
            if let known = restID[key] {
                restIDs.append(known)
            } else {
                let new = UInt32(restTexts.count)
                restID[key] = new
                restTexts.append(FoldedText("\(part.use) \(package.name) \(part.dopingName) \(part.family.rawValue)"))
                restIDs.append(new)
            }
            for parameter in TransistorParameter.allCases {
                guard let range = parameter.range(of: part) else { continue }
                lowColumns[parameter, default: [Double](repeating: .nan, count: count)][position] = range.lowerBound
                highColumns[parameter, default: [Double](repeating: .nan, count: count)][position] = range.upperBound
                if range.lowerBound != range.upperBound { ranged.insert(parameter) }
            }
        }

        let partOfRow = catalog.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map(Int32.init)
        func inRowOrder<T>(_ column: [T]) -> [T] { partOfRow.map { column[Int($0)] } }
        parts = catalog
        self.partOfRow = partOfRow

        dopingCodes = inRowOrder(codes)
        var dopingRows = Array(repeating: RowSet(empty: count), count: 6)
        for (row, code) in dopingCodes.enumerated() { dopingRows[Int(code)].insert(row) }
        self.dopingRows = dopingRows
        let logicLevel = inRowOrder(isLogicLevel)
        logicLevelRows = RowSet(count: count) { logicLevel[$0] }

        // Package numbers follow `Package` order, so the facet lists them in it.
        let sortedPackages = packageList.sorted()
        packages = sortedPackages
        let place = Dictionary(uniqueKeysWithValues: sortedPackages.enumerated().map { ($1, UInt32($0)) })
        let renumbered = packageList.map { place[$0] ?? 0 }
        let rowPackageIDs = partOfRow.map { renumbered[Int(packageOfPart[Int($0)])] }
        self.packageIDs = rowPackageIDs
        var packageStarts = [Int](repeating: 0, count: packages.count + 1)
        for id in rowPackageIDs { packageStarts[Int(id) + 1] += 1 }
        for id in packages.indices { packageStarts[id + 1] += packageStarts[id] }
        var packageRows = [Int32](repeating: 0, count: count)
        var filled = packageStarts
        for (row, id) in rowPackageIDs.enumerated() {
            packageRows[filled[Int(id)]] = Int32(row)
            filled[Int(id)] += 1
        }
        self.packageRows = packageRows
        self.packageStarts = packageStarts

        // One figure a part: the same column twice, stored once.
        let lows = lowColumns.mapValues(inRowOrder)
        self.lows = lows
        highs = Dictionary(uniqueKeysWithValues: highColumns.map { parameter, column in
            (parameter, ranged.contains(parameter) ? inRowOrder(column) : lows[parameter] ?? [])
        })
        let nothing = [Double](repeating: .nan, count: count)
        voltageOrder = Self.order(lows[.voltage] ?? nothing)
        currentOrder = Self.order(lows[.current] ?? nothing)

        partNumbers = PartNumberIndex(inRowOrder(partNumberTexts))
        self.restIDs = inRowOrder(restIDs)
        self.restTexts = restTexts
    }

    /// What the rest of a part's searchable text is made of: parts that share it share one text.
    private struct RestKey: Hashable {
        let use: String
        let package: UInt32
        let doping: UInt8
    }

    private static func dopingCode(_ part: any Transistor) -> UInt8 {
        let family: UInt8 = switch part.family {
        case .bjt: 0
        case .mosfet: 2
        case .jfet: 4
        }
        return family + (part.isNType ? 0 : 1)
    }

    /// Rows sorted by `column`, ties by row, and after them the rows without a figure (NaN).
    private static func order(_ column: [Double]) -> [Int32] {
        let rows = column.indices.map(Int32.init)
        return rows.filter { !column[Int($0)].isNaN }.sorted { column[Int($0)] != column[Int($1)] ? column[Int($0)] < column[Int($1)] : $0 < $1 }
            + rows.filter { column[Int($0)].isNaN }
    }

    // MARK: - Selecting

    /// What one query picks: the rows it matches, and for each facet the rows that every filter
    /// but that facet's own lets through, which its counts are taken from.
    public struct Selection: Sendable {
        let matches: RowSet
        let withoutFamily: RowSet
        let withoutDoping: RowSet
        let withoutPackage: RowSet

        public var count: Int { matches.cardinality }
    }

    public func select(_ query: TransistorQuery) -> Selection {
        let expression = SearchExpression.parse(query.search)
        // Nil stands for every row until a filter narrows it, so a plain query copies no sets.
        var base: RowSet?
        func narrow(_ rows: RowSet?) {
            guard let rows else { return }
            if base == nil { base = rows } else { base?.formIntersection(rows) }
        }
        narrow(expression.family.map(rows(family:)))
        narrow(expression.doping.map(rows(doping:)))
        narrow(expression.package.map(rows(package:)))
        if expression.logicLevel { narrow(logicLevelRows) }
        for word in SearchQuery(expression.textSearch).text.split(whereSeparator: \.isWhitespace) {
            narrow(rows(matchingWord: FoldedText(String(word))))
        }
        let family = query.family.map(rows(family:))
        let doping = query.doping.map(rows(doping:))
        let package = query.package.map(rows(package:))
        // The numeric conditions are checked row by row, so only on the rows some set below can
        // hold: those that pass at least two of the three facets' filters.
        let all = RowSet(all: count)
        if family != nil || doping != nil || package != nil {
            let (f, d, p) = (family ?? all, doping ?? all, package ?? all)
            narrow(d.intersection(p).union(f.intersection(p)).union(f.intersection(d)))
        }
        var conditions = expression.conditions
        if let minVoltage = query.minVoltage { conditions.append(ParameterCondition(.voltage, .atLeast(minVoltage))) }
        if let minCurrent = query.minCurrent { conditions.append(ParameterCondition(.current, .atLeast(minCurrent))) }
        if !conditions.isEmpty {
            var narrowed = base ?? all
            for condition in conditions { refine(&narrowed, by: condition) }
            base = narrowed
        }

        let rows = base ?? all
        func restricted(_ filters: RowSet?...) -> RowSet {
            var result = rows
            for case let filter? in filters { result.formIntersection(filter) }
            return result
        }
        return Selection(matches: restricted(family, doping, package), withoutFamily: restricted(doping, package),
                         withoutDoping: restricted(family, package), withoutPackage: restricted(family, doping))
    }

    private func rows(family: TransistorFamily) -> RowSet {
        let code = Int(Self.dopingCode(family: family))
        return dopingRows[code].union(dopingRows[code + 1])
    }

    private static func dopingCode(family: TransistorFamily) -> UInt8 {
        switch family {
        case .bjt: 0
        case .mosfet: 2
        case .jfet: 4
        }
    }

    private func rows(doping: DopingFilter) -> RowSet {
        let polarity = doping.isNType ? 0 : 1
        let sets = doping.families.map { dopingRows[Int(Self.dopingCode(family: $0)) + polarity] }
        return sets.dropFirst().reduce(sets[0]) { $0.union($1) }
    }

    private func rows(package: Package) -> RowSet {
        var rows = RowSet(empty: count)
        guard let id = packages.firstIndex(of: package) else { return rows }
        for row in packageRows[packageStarts[id]..<packageStarts[id + 1]] { rows.insert(Int(row)) }
        return rows
    }

    /// The rows whose searchable text (part number, use, package, doping, family) contains `word`.
    /// A word has no spaces, so it lies within one of those: the part number's trigrams find
    /// it there, and the few distinct texts of the rest are searched once each.
    private func rows(matchingWord word: FoldedText) -> RowSet {
        var rows = partNumbers.rows(containing: word, count: count)
        let matchingRest = restTexts.map { $0.contains(word) }
        if matchingRest.contains(true) {
            restIDs.withUnsafeBufferPointer { ids in
                rows.formUnion(RowSet(count: count) { matchingRest[Int(ids[$0])] })
            }
        }
        return rows
    }

    /// Keeps the rows that meet `condition`, as `ParameterCondition.matches` judges them; NaN,
    /// a figure not given, meets nothing.
    private func refine(_ rows: inout RowSet, by condition: ParameterCondition) {
        guard let low = lows[condition.parameter], let high = highs[condition.parameter] else {
            rows = RowSet(empty: count)
            return
        }
        low.withUnsafeBufferPointer { low in
            high.withUnsafeBufferPointer { high in
                switch condition.bound {
                case .atLeast(let limit): rows.filter { low[$0] >= limit }
                case .greaterThan(let limit): rows.filter { low[$0] > limit }
                case .atMost(let limit): rows.filter { high[$0] <= limit }
                case .lessThan(let limit): rows.filter { high[$0] < limit }
                case .equal(let target): rows.filter { low[$0] <= target && target <= high[$0] }
                case .between(let bottom, let top): rows.filter { low[$0] <= top && high[$0] >= bottom }
                }
            }
        }
    }

    // MARK: - Reading a selection

    /// The matching parts in `sort`'s order, from `offset`, at most `limit` of them.
    public func transistors(_ selection: Selection, sort: TransistorSort, offset: Int = 0, limit: Int = .max) -> [any Transistor] {
        var result: [any Transistor] = []
        guard limit > 0 else { return result }
        result.reserveCapacity(min(limit, selection.count))
        func part(_ row: Int) -> any Transistor { parts[Int(partOfRow[row])] }
        switch sort.key {
        case .partNumber where !sort.descending:
            selection.matches.forEach(from: offset) { row in
                result.append(part(row))
                return result.count < limit
            }
        case .partNumber:
            selection.matches.forEachDescending(from: offset) { row in
                result.append(part(row))
                return result.count < limit
            }
        case .figure(let parameter) where parameter == .voltage || parameter == .current:
            // Most parts have their ratings: the orders are made once, and walked.
            var skipped = 0
            walk(parameter == .current ? currentOrder : voltageOrder, descending: sort.descending, column: lows[parameter]) { row in
                guard selection.matches.contains(row) else { return true }
                if skipped < offset {
                    skipped += 1
                    return true
                }
                result.append(part(row))
                return result.count < limit
            }
        case .figure(let parameter):
            // Only the matching rows are put in order: a figure many parts lack needs no order of its own.
            var rows: [Int] = []
            selection.matches.forEach(from: 0) { row in
                rows.append(row)
                return true
            }
            let column = lows[parameter]
            rows.sort { first, second in
                let (a, b) = (column?[first] ?? .nan, column?[second] ?? .nan)
                if a.isNaN != b.isNaN { return !a.isNaN }
                if !a.isNaN, a != b { return sort.descending ? a > b : a < b }
                return first < second
            }
            for row in rows.dropFirst(offset).prefix(limit) { result.append(part(row)) }
        }
        return result
    }

    /// Walks `order`; highest first keeps equal ratings in part-number order, as a catalog reads,
    /// and the rows without the figure still come last.
    private func walk(_ order: [Int32], descending: Bool, column: [Double]?, _ take: (Int) -> Bool) {
        guard descending, let column else {
            for row in order where !take(Int(row)) { return }
            return
        }
        // The rows with the figure come first in `order`: where they end is found by halving.
        var (low, high) = (0, order.count)
        while low < high {
            let middle = (low + high) / 2
            if column[Int(order[middle])].isNaN { high = middle } else { low = middle + 1 }
        }
        var end = low
        while end > 0 {
            let value = column[Int(order[end - 1])]
            var start = end - 1
            while start > 0, column[Int(order[start - 1])] == value { start -= 1 }
            for position in start..<end where !take(Int(order[position])) { return }
            end = start
        }
        for row in order[low...] where !take(Int(row)) { return }
    }

    /// Counts per family, doping name and package, as the list's filters show them.
    /// Every package some part of the catalog comes in, in `Package` order.
    public var allPackages: [Package] { packages }

    public func facetCounts(_ selection: Selection) -> (families: [TransistorFamily: Int], dopings: [String: Int], packages: [(Package, Int)]) {
        var families: [TransistorFamily: Int] = [:]
        for family in TransistorFamily.allCases {
            let count = selection.withoutFamily.intersection(rows(family: family)).cardinality
            if count > 0 { families[family] = count }
        }
        var dopingCounts = [Int](repeating: 0, count: 6)
        for code in 0..<6 { dopingCounts[code] = selection.withoutDoping.intersection(dopingRows[code]).cardinality }
        let names = ["NPN", "PNP", "NMOS", "PMOS", "N-channel", "P-channel"]
        var dopings: [String: Int] = [:]
        for code in 0..<6 where dopingCounts[code] > 0 { dopings[names[code]] = dopingCounts[code] }
        var packageCounts = [Int](repeating: 0, count: packages.count)
        packageIDs.withUnsafeBufferPointer { ids in
            selection.withoutPackage.forEach { packageCounts[Int(ids[$0])] += 1 }
        }
        return (families, dopings, packages.indices.filter { packageCounts[$0] > 0 }.map { (packages[$0], packageCounts[$0]) })
    }
}
