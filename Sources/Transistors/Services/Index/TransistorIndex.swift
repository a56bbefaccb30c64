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
    /// The parts, in part-number order.
    public let transistors: [any Transistor]
    /// One set per family and doping: NPN, PNP, NMOS, PMOS, N-channel, P-channel.
    private let dopingRows: [RowSet]
    private let dopingCodes: [UInt8]
    private let logicLevelRows: RowSet
    /// The packages in `Package` order, and each row's place in it.
    private let packages: [Package]
    private let packageIDs: [UInt32]
    /// Each parameter's figure as the range its datasheet gives; NaN where a part has none.
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

    public var count: Int { transistors.count }

    public init(_ catalog: [any Transistor]) {
        let ordered = ListOrder<any Transistor> { NaturalSortKey($0.partNumber) }.sorted(catalog)
        let count = ordered.count
        transistors = ordered

        dopingCodes = ordered.map(Self.dopingCode)
        var dopingRows = Array(repeating: RowSet(empty: count), count: 6)
        for (row, code) in dopingCodes.enumerated() { dopingRows[Int(code)].insert(row) }
        self.dopingRows = dopingRows
        logicLevelRows = RowSet(count: count) { SearchExpression.isLogicLevel(ordered[$0]) }

        packages = Set(ordered.map(\.package)).sorted()
        let packageID = Dictionary(uniqueKeysWithValues: packages.enumerated().map { ($1, UInt32($0)) })
        packageIDs = ordered.map { packageID[$0.package] ?? 0 }

        var lows: [TransistorParameter: [Double]] = [:]
        var highs: [TransistorParameter: [Double]] = [:]
        for parameter in TransistorParameter.allCases {
            var low = [Double](repeating: .nan, count: count)
            var high = [Double](repeating: .nan, count: count)
            var isSingle = true
            for (row, part) in ordered.enumerated() {
                guard let range = parameter.range(of: part) else { continue }
                low[row] = range.lowerBound
                high[row] = range.upperBound
                if range.lowerBound != range.upperBound { isSingle = false }
            }
            lows[parameter] = low
            // One figure a part: the same column twice, stored once.
            highs[parameter] = isSingle ? low : high
        }
        self.lows = lows
        self.highs = highs
        voltageOrder = Self.order(lows[.voltage] ?? [])
        currentOrder = Self.order(lows[.current] ?? [])

        partNumbers = PartNumberIndex(ordered.map(\.partNumber))
        var restID: [String: UInt32] = [:]
        var restTexts: [FoldedText] = []
        restIDs = ordered.map { part in
            let text = "\(part.use) \(part.package.name) \(part.dopingName) \(part.family.rawValue)"
            if let id = restID[text] { return id }
            let id = UInt32(restTexts.count)
            restID[text] = id
            restTexts.append(FoldedText(text))
            return id
        }
        self.restTexts = restTexts
    }

    private static func dopingCode(_ part: any Transistor) -> UInt8 {
        let family: UInt8 = switch part.family {
        case .bjt: 0
        case .mosfet: 2
        case .jfet: 4
        }
        return family + (part.isNType ? 0 : 1)
    }

    /// Rows sorted by `column`, ties by row.
    private static func order(_ column: [Double]) -> [Int32] {
        column.indices.map(Int32.init).sorted { column[Int($0)] != column[Int($1)] ? column[Int($0)] < column[Int($1)] : $0 < $1 }
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
        var base = RowSet(all: count)
        for word in SearchQuery(expression.textSearch).text.split(whereSeparator: \.isWhitespace) {
            base.formIntersection(rows(matchingWord: FoldedText(String(word))))
        }
        if let family = expression.family { base.formIntersection(rows(family: family)) }
        if let doping = expression.doping { base.formIntersection(rows(doping: doping)) }
        if let package = expression.package { base.formIntersection(rows(package: package)) }
        if expression.logicLevel { base.formIntersection(logicLevelRows) }
        var conditions = expression.conditions
        if let minVoltage = query.minVoltage { conditions.append(ParameterCondition(.voltage, .atLeast(minVoltage))) }
        if let minCurrent = query.minCurrent { conditions.append(ParameterCondition(.current, .atLeast(minCurrent))) }
        for condition in conditions { refine(&base, by: condition) }

        let all = RowSet(all: count)
        let family = query.family.map(rows(family:)) ?? all
        let doping = query.doping.map(rows(doping:)) ?? all
        let package = query.package.map(rows(package:)) ?? all
        var matches = base.intersection(family)
        matches.formIntersection(doping)
        matches.formIntersection(package)
        return Selection(matches: matches, withoutFamily: base.intersection(doping).intersection(package),
                         withoutDoping: base.intersection(family).intersection(package),
                         withoutPackage: base.intersection(family).intersection(doping))
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
        let polarity = doping == .npn || doping == .nmos || doping == .nChannel || doping == .nType ? 0 : 1
        if let family = doping.family { return dopingRows[Int(Self.dopingCode(family: family)) + polarity] }
        return dopingRows[polarity].union(dopingRows[2 + polarity]).union(dopingRows[4 + polarity])
    }

    private func rows(package: Package) -> RowSet {
        guard let id = packages.firstIndex(of: package).map(UInt32.init) else { return RowSet(empty: count) }
        return packageIDs.withUnsafeBufferPointer { ids in RowSet(count: count) { ids[$0] == id } }
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
        guard let low = lows[condition.parameter], let high = highs[condition.parameter] else { return }
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
        var skipped = 0
        func take(_ row: Int) -> Bool {
            guard selection.matches.contains(row) else { return true }
            if skipped < offset {
                skipped += 1
                return true
            }
            result.append(transistors[row])
            return result.count < limit
        }
        switch sort {
        case .partNumber:
            for row in 0..<count where !take(row) { break }
        case .partNumberDescending:
            for row in (0..<count).reversed() where !take(row) { break }
        case .voltage: walk(voltageOrder, descending: false, column: lows[.voltage] ?? [], take)
        case .voltageDescending: walk(voltageOrder, descending: true, column: lows[.voltage] ?? [], take)
        case .current: walk(currentOrder, descending: false, column: lows[.current] ?? [], take)
        case .currentDescending: walk(currentOrder, descending: true, column: lows[.current] ?? [], take)
        }
        return result
    }

    /// Walks `order`; highest first keeps equal ratings in part-number order, as a catalog reads.
    private func walk(_ order: [Int32], descending: Bool, column: [Double], _ take: (Int) -> Bool) {
        guard descending else {
            for row in order where !take(Int(row)) { return }
            return
        }
        var end = order.count
        while end > 0 {
            let value = column[Int(order[end - 1])]
            var start = end - 1
            while start > 0, column[Int(order[start - 1])] == value { start -= 1 }
            for position in start..<end where !take(Int(order[position])) { return }
            end = start
        }
    }

    /// Counts per family, doping name and package, as the list's filters show them.
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
