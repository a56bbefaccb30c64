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
    /// Where the parts themselves are: the catalog in memory (and for each row, part-number
    /// order, its place there), or an index file's records.
    enum Parts: Sendable {
        case memory([any Transistor], partOfRow: [Int32])
        case records(IndexRecords)
    }

    private let sections: IndexSections
    private let parts: Parts
    public let count: Int
    /// One set per family and doping: NPN, PNP, NMOS, PMOS, N-channel, P-channel.
    private let dopingRows: [RowSet]
    private let logicLevelRows: RowSet
    /// The packages in `Package` order; the rows of each, in row order, are
    /// `packageRows[packageStarts[id]..<packageStarts[id + 1]]`, and each row's is in `packageIDs`.
    private let packages: [Package]
    private nonisolated(unsafe) let packageStarts: UnsafeBufferPointer<Int64>
    private let partNumbers: PartNumberIndex
    /// The distinct texts of the rest of each part's searchable text (use, package, doping,
    /// family); each row's is in `restIDs`.
    private let restTexts: [FoldedText]
    // The large columns are taken from `sections` where a query uses them, so that an index
    // file's are checked, and mapped, only when needed: the rows by package, each row's package,
    // each parameter's figures as the range its datasheet gives (NaN where a part has none; a
    // parameter no part gives has no column, one figure a part has its upper bounds in the
    // lower's), the rows by voltage and by current (lowest first, ties in part-number order,
    // the rows without the figure last), and each row's text.

    /// The index of a catalog in memory.
    public init(_ catalog: [any Transistor]) {
        let (layout, partOfRow) = Self.layout(catalog)
        // Sections in memory have no checksums to fail, and `layout` made them the shapes the
        // reader checks: a throw here is a fault of this file, not of any catalog.
        try! self.init(sections: IndexSections(layout), count: catalog.count, parts: .memory(catalog, partOfRow: partOfRow))
    }

    /// The index over `sections`, of `count` rows.
    init(sections: IndexSections, count: Int, parts: Parts) throws(IndexFileError) {
        self.sections = sections
        self.count = count
        self.parts = parts
        let words = (count + 63) / 64
        let dopingWords = try sections.buffer(.dopingRows, as: UInt64.self)
        let logicLevelWords = try sections.buffer(.logicLevelRows, as: UInt64.self)
        guard dopingWords.count == 6 * words, logicLevelWords.count == words else { throw IndexFileError("the index's row sets do not fit its \(count) rows") }
        dopingRows = (0..<6).map { code in RowSet(words: UnsafeBufferPointer(rebasing: dopingWords[code * words..<(code + 1) * words]), count: count) }
        logicLevelRows = RowSet(words: logicLevelWords, count: count)
        let names = try sections.strings(ends: .packageNameEnds, bytes: .packageNames)
        packages = (0..<names.count).map { Package(names[$0]) }
        packageStarts = try sections.buffer(.packageStarts, as: Int64.self)
        guard packageStarts.count == packages.count + 1, packageStarts.first == 0, packageStarts.last == Int64(count),
              zip(packageStarts, packageStarts.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw IndexFileError("the index's packages do not fit its \(count) rows") }
        partNumbers = PartNumberIndex(sections)
        let rest = try sections.strings(ends: .restTextEnds, bytes: .restTexts)
        restTexts = (0..<rest.count).map { FoldedText(rest[$0]) }
    }

    /// A column of one number a row, checked to have one.
    private func column<T>(_ id: IndexSections.ID, _ type: T.Type) throws(IndexFileError) -> UnsafeBufferPointer<T> {
        try column(id.rawValue, type)
    }

    private func column<T>(_ id: UInt32, _ type: T.Type) throws(IndexFileError) -> UnsafeBufferPointer<T> {
        let column = try sections.buffer(id, as: type)
        guard column.count == count else { throw IndexFileError("section \(id) has \(column.count) rows, not \(count)") }
        return column
    }

    /// A parameter's lower and upper figures, or nil when no part gives it.
    private func figures(_ parameter: TransistorParameter) throws(IndexFileError) -> (low: UnsafeBufferPointer<Double>, high: UnsafeBufferPointer<Double>)? {
        let lowID = IndexSections.parameterID(parameter, high: false), highID = IndexSections.parameterID(parameter, high: true)
        guard sections.has(lowID) else { return nil }
        let low = try column(lowID, Double.self)
        return (low, sections.has(highID) ? try column(highID, Double.self) : low)
    }

    /// The sections of the index of `catalog`, and for each row (part-number order) the part's
    /// place in the catalog; with `ratingsByPackage`, an index file's, the voltage and current
    /// ratings also in `packageRows`' order.
    static func layout(_ catalog: [any Transistor], ratingsByPackage: Bool = false) -> (IndexSections.Layout, [Int32]) {
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
        var restTexts: [String] = []
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
                restTexts.append("\(part.use) \(package.name) \(part.dopingName) \(part.family.rawValue)")
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
        var layout = IndexSections.Layout()

        let dopingCodes = inRowOrder(codes)
        var dopingRows = Array(repeating: RowSet(empty: count), count: 6)
        for (row, code) in dopingCodes.enumerated() { dopingRows[Int(code)].insert(row) }
        layout.add(.dopingRows, dopingRows.flatMap(\.words))
        let logicLevel = inRowOrder(isLogicLevel)
        layout.add(.logicLevelRows, RowSet(count: count) { logicLevel[$0] }.words)

        // Package numbers follow `Package` order, so the facet lists them in it.
        let sortedPackages = packageList.sorted()
        layout.add(strings: sortedPackages.map(\.name), ends: .packageNameEnds, bytes: .packageNames)
        let place = Dictionary(uniqueKeysWithValues: sortedPackages.enumerated().map { ($1, UInt32($0)) })
        let renumbered = packageList.map { place[$0] ?? 0 }
        let rowPackageIDs = partOfRow.map { renumbered[Int(packageOfPart[Int($0)])] }
        layout.add(.packageIDs, rowPackageIDs)
        var packageStarts = [Int64](repeating: 0, count: sortedPackages.count + 1)
        for id in rowPackageIDs { packageStarts[Int(id) + 1] += 1 }
        for id in sortedPackages.indices { packageStarts[id + 1] += packageStarts[id] }
        var packageRows = [Int32](repeating: 0, count: count)
        var filled = packageStarts
        for (row, id) in rowPackageIDs.enumerated() {
            packageRows[Int(filled[Int(id)])] = Int32(row)
            filled[Int(id)] += 1
        }
        layout.add(.packageRows, packageRows)
        layout.add(.packageStarts, packageStarts)

        let nothing = [Double](repeating: .nan, count: count)
        var lows: [TransistorParameter: [Double]] = [:]
        // In the parameters' order, so that the same catalog makes the same file.
        for parameter in TransistorParameter.allCases {
            guard let column = lowColumns[parameter] else { continue }
            let low = inRowOrder(column)
            lows[parameter] = low
            layout.add(IndexSections.parameterID(parameter, high: false), low)
            if ranged.contains(parameter), let high = highColumns[parameter] {
                layout.add(IndexSections.parameterID(parameter, high: true), inRowOrder(high))
            }
        }
        layout.add(.voltageOrder, Self.order(lows[.voltage] ?? nothing))
        layout.add(.currentOrder, Self.order(lows[.current] ?? nothing))
        if ratingsByPackage {
            if let voltages = lows[.voltage] { layout.add(.voltageByPackage, packageRows.map { voltages[Int($0)] }) }
            if let currents = lows[.current] { layout.add(.currentByPackage, packageRows.map { currents[Int($0)] }) }
            for id in [IndexSections.ID.packageRows, .voltageByPackage, .currentByPackage] { layout.addBlockHashes(of: id) }
        }

        PartNumberIndex.layout(inRowOrder(partNumberTexts), into: &layout)
        layout.add(strings: restTexts, ends: .restTextEnds, bytes: .restTexts)
        layout.add(.restIDs, inRowOrder(restIDs))
        return (layout, partOfRow)
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

    /// What one query picks: the rows it matches, and, when asked for, for each facet the rows
    /// that every filter but that facet's own lets through, which its counts are taken from.
    public struct Selection: Sendable {
        let matches: RowSet
        let facets: (withoutFamily: RowSet, withoutDoping: RowSet, withoutPackage: RowSet)?

        public var count: Int { matches.cardinality }
    }

    /// The rows `query` matches and, with `facets`, those its facet counts are taken from.
    /// From an index file, a column that does not match its checksum throws.
    public func select(_ query: TransistorQuery, facets: Bool = true) throws(IndexFileError) -> Selection {
        facets ? try selectWithFacets(query) : try selectMatches(query)
    }

    /// The matches alone: every filter narrows one set. With a package, the minimum ratings are
    /// checked on the package's run of an index file's ratings by package, not row by row.
    private func selectMatches(_ query: TransistorQuery) throws(IndexFileError) -> Selection {
        let expression = SearchExpression.parse(query.search)
        var rows: RowSet?
        func narrow(_ filter: RowSet?) {
            guard let filter else { return }
            if rows == nil { rows = filter } else { rows?.formIntersection(filter) }
        }
        var conditions = expression.conditions
        if let package = query.package {
            let voltage = query.minVoltage.flatMap { sections.has(IndexSections.ID.voltageByPackage.rawValue) ? $0 : nil }
            let current = query.minCurrent.flatMap { sections.has(IndexSections.ID.currentByPackage.rawValue) ? $0 : nil }
            narrow(try self.rows(package: package, minVoltage: voltage, minCurrent: current))
            if voltage == nil, let minVoltage = query.minVoltage { conditions.append(ParameterCondition(.voltage, .atLeast(minVoltage))) }
            if current == nil, let minCurrent = query.minCurrent { conditions.append(ParameterCondition(.current, .atLeast(minCurrent))) }
        } else {
            if let minVoltage = query.minVoltage { conditions.append(ParameterCondition(.voltage, .atLeast(minVoltage))) }
            if let minCurrent = query.minCurrent { conditions.append(ParameterCondition(.current, .atLeast(minCurrent))) }
        }
        narrow(query.family.map(self.rows(family:)))
        narrow(query.doping.map(self.rows(doping:)))
        try filter(&rows, by: expression)
        if !conditions.isEmpty {
            var narrowed = rows ?? RowSet(all: count)
            for condition in conditions { try refine(&narrowed, by: condition) }
            rows = narrowed
        }
        return Selection(matches: rows ?? RowSet(all: count), facets: nil)
    }

    /// Narrows `base` by the search's filters and words.
    private func filter(_ base: inout RowSet?, by expression: SearchExpression) throws(IndexFileError) {
        func narrow(_ rows: RowSet?) {
            guard let rows else { return }
            if base == nil { base = rows } else { base?.formIntersection(rows) }
        }
        narrow(expression.family.map(rows(family:)))
        narrow(expression.doping.map(rows(doping:)))
        if let package = expression.package { narrow(try rows(package: package)) }
        if expression.logicLevel { narrow(logicLevelRows) }
        for word in SearchQuery(expression.textSearch).text.split(whereSeparator: \.isWhitespace) {
            narrow(try rows(matchingWord: FoldedText(String(word))))
        }
    }

    private func selectWithFacets(_ query: TransistorQuery) throws(IndexFileError) -> Selection {
        let expression = SearchExpression.parse(query.search)
        // Nil stands for every row until a filter narrows it, so a plain query copies no sets.
        var base: RowSet?
        func narrow(_ rows: RowSet?) {
            guard let rows else { return }
            if base == nil { base = rows } else { base?.formIntersection(rows) }
        }
        try filter(&base, by: expression)
        let family = query.family.map(rows(family:))
        let doping = query.doping.map(rows(doping:))
        var package: RowSet?
        if let filter = query.package { package = try rows(package: filter) }
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
            for condition in conditions { try refine(&narrowed, by: condition) }
            base = narrowed
        }

        let rows = base ?? all
        func restricted(_ filters: RowSet?...) -> RowSet {
            var result = rows
            for case let filter? in filters { result.formIntersection(filter) }
            return result
        }
        return Selection(matches: restricted(family, doping, package),
                         facets: (restricted(doping, package), restricted(family, package), restricted(family, doping)))
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

    /// The rows of `package` rated at least `minVoltage` and `minCurrent`, which are checked on
    /// the ratings by package (the caller sees there are some).
    private func rows(package: Package, minVoltage: Double? = nil, minCurrent: Double? = nil) throws(IndexFileError) -> RowSet {
        var rows = RowSet(empty: count)
        guard let id = packages.firstIndex(of: package) else { return rows }
        // Only the package's run of each column is read from an index file.
        let run = Int(packageStarts[id])..<Int(packageStarts[id + 1])
        let packageRows = try sections.run(.packageRows, as: Int32.self, run)
        let voltages = minVoltage == nil ? nil : try sections.run(.voltageByPackage, as: Double.self, run)
        let currents = minCurrent == nil ? nil : try sections.run(.currentByPackage, as: Double.self, run)
        guard packageRows.count == run.count, (voltages?.count ?? run.count) == run.count, (currents?.count ?? run.count) == run.count else {
            throw IndexFileError("the index's packages do not fit its \(count) rows")
        }
        // An index file's rows are checked where they are used, rather than all on opening.
        for place in packageRows.indices {
            let row = Int(packageRows[place])
            guard 0 <= row, row < count else { continue }
            if let minVoltage, let voltages, !(voltages[place] >= minVoltage) { continue }
            if let minCurrent, let currents, !(currents[place] >= minCurrent) { continue }
            rows.insert(row)
        }
        return rows
    }

    /// The rows whose searchable text (part number, use, package, doping, family) contains `word`.
    /// A word has no spaces, so it lies within one of those: the part number's trigrams find
    /// it there, and the few distinct texts of the rest are searched once each.
    private func rows(matchingWord word: FoldedText) throws(IndexFileError) -> RowSet {
        var rows = try partNumbers.rows(containing: word, count: count)
        let matchingRest = restTexts.map { $0.contains(word) }
        if matchingRest.contains(true) {
            let restIDs = try column(.restIDs, UInt32.self)
            rows.formUnion(RowSet(count: count) { Int(restIDs[$0]) < matchingRest.count && matchingRest[Int(restIDs[$0])] })
        }
        return rows
    }

    /// Keeps the rows that meet `condition`, as `ParameterCondition.matches` judges them; NaN,
    /// a figure not given, meets nothing.
    private func refine(_ rows: inout RowSet, by condition: ParameterCondition) throws(IndexFileError) {
        guard let (low, high) = try figures(condition.parameter) else {
            rows = RowSet(empty: count)
            return
        }
        switch condition.bound {
        case .atLeast(let limit): rows.filter { low[$0] >= limit }
        case .greaterThan(let limit): rows.filter { low[$0] > limit }
        case .atMost(let limit): rows.filter { high[$0] <= limit }
        case .lessThan(let limit): rows.filter { high[$0] < limit }
        case .equal(let target): rows.filter { low[$0] <= target && target <= high[$0] }
        case .between(let bottom, let top): rows.filter { low[$0] <= top && high[$0] >= bottom }
        }
    }

    /// How many of `selection`'s rows are MOSFETs that cannot be judged logic-level or not: not
    /// known to be, and giving no threshold (Vgs(th)) to say they are not.
    public func unjudgedGateDrive(_ selection: Selection) throws(IndexFileError) -> Int {
        var rows = selection.matches
        rows.formIntersection(self.rows(family: .mosfet))
        let logicLevel = logicLevelRows
        let threshold = try figures(.vgsth)?.low
        rows.filter { !logicLevel.contains($0) && (threshold?[$0].isNaN ?? true) }
        return rows.cardinality
    }

    // MARK: - Reading a selection

    /// The matching parts in `sort`'s order, from `offset`, at most `limit` of them.
    /// From an index file, a part is read from its record, which is checked first: a damaged
    /// one throws, and nothing read from it is returned.
    public func transistors(_ selection: Selection, sort: TransistorSort, offset: Int = 0, limit: Int = .max) throws(IndexFileError) -> [any Transistor] {
        try transistors(rows: try self.rows(selection, sort: sort, offset: offset, limit: limit))
    }

    private func transistors(rows: [Int]) throws(IndexFileError) -> [any Transistor] {
        switch parts {
        case .memory(let parts, let partOfRow): return rows.map { parts[Int(partOfRow[$0])] }
        case .records(let records): return try records.transistors(rows)
        }
    }

    // MARK: - Parts by number

    /// The part numbered `partNumber`, whatever its case: found by its folded part number, and
    /// then told from others that fold alike (a width or an accent) by its own.
    public func transistor(partNumber: String) throws(IndexFileError) -> (any Transistor)? {
        let key = TransistorCatalog.key(partNumber)
        let rows = try partNumbers.rows(containing: FoldedText(key), whole: true, count: count).members
        return try transistors(rows: rows).first { TransistorCatalog.key($0.partNumber) == key }
    }

    /// The part numbers closest to one that was not found.
    public func suggestions(for partNumber: String, limit: Int = 3) throws(IndexFileError) -> [String] {
        try transistors(rows: try partNumbers.closest(to: partNumber, limit: limit, count: count)).map(\.partNumber)
    }

    /// The parts that may replace `original`, as `SubstituteFinder` first narrows them: the same
    /// family and polarity, and a voltage, current and power rating each not given or at least
    /// the original's. The finder judges each of them on its whole datasheet.
    public func substituteCandidates(for original: any Transistor) throws(IndexFileError) -> [any Transistor] {
        var rows = dopingRows[Int(Self.dopingCode(original))]
        let ratings: [(TransistorParameter, Double?)] = [
            (.voltage, original.ratings.maxVoltage), (.current, original.ratings.maxCurrent), (.power, original.datasheet.powerDissipation),
        ]
        for case let (parameter, rating?) in ratings {
            guard let (low, _) = try figures(parameter) else { continue }
            rows.filter { low[$0].isNaN || low[$0] >= rating }
        }
        return try transistors(rows: rows.members)
    }

    /// The rows of `transistors(_:sort:offset:limit:)`.
    private func rows(_ selection: Selection, sort: TransistorSort, offset: Int, limit: Int) throws(IndexFileError) -> [Int] {
        var result: [Int] = []
        guard limit > 0 else { return result }
        result.reserveCapacity(min(limit, selection.count))
        switch sort.key {
        case .partNumber where !sort.descending:
            selection.matches.forEach(from: offset) { row in
                result.append(row)
                return result.count < limit
            }
        case .partNumber:
            selection.matches.forEachDescending(from: offset) { row in
                result.append(row)
                return result.count < limit
            }
        case .figure(let parameter) where parameter == .voltage || parameter == .current:
            // Most parts have their ratings: the orders are made once, and walked.
            var skipped = 0
            walk(try column(parameter == .current ? .currentOrder : .voltageOrder, Int32.self), descending: sort.descending,
                 column: try figures(parameter)?.low) { row in
                guard selection.matches.contains(row) else { return true }
                if skipped < offset {
                    skipped += 1
                    return true
                }
                result.append(row)
                return result.count < limit
            }
        case .figure(let parameter):
            // Only the matching rows are put in order: a figure many parts lack needs no order of its own.
            var rows = selection.matches.members
            let column = try figures(parameter)?.low
            rows.sort { first, second in
                let (a, b) = (column?[first] ?? .nan, column?[second] ?? .nan)
                if a.isNaN != b.isNaN { return !a.isNaN }
                if !a.isNaN, a != b { return sort.descending ? a > b : a < b }
                return first < second
            }
            for row in rows.dropFirst(offset).prefix(limit) { result.append(row) }
        }
        return result
    }

    /// Walks `order`; highest first keeps equal ratings in part-number order, as a catalog reads,
    /// and the rows without the figure still come last.
    private func walk(_ order: UnsafeBufferPointer<Int32>, descending: Bool, column: UnsafeBufferPointer<Double>?, _ take: (Int) -> Bool) {
        guard descending, let column else {
            // An index file's rows are checked where they are used, rather than all on opening.
            for row in order where 0 <= row && Int(row) < count && !take(Int(row)) { return }
            return
        }
        func figure(_ position: Int) -> Double {
            let row = Int(order[position])
            return 0 <= row && row < min(count, column.count) ? column[row] : .nan
        }
        // The rows with the figure come first in `order`: where they end is found by halving.
        var (low, high) = (0, order.count)
        while low < high {
            let middle = (low + high) / 2
            if figure(middle).isNaN { high = middle } else { low = middle + 1 }
        }
        var end = low
        while end > 0 {
            let value = figure(end - 1)
            var start = end - 1
            while start > 0, figure(start - 1) == value { start -= 1 }
            for position in start..<end where 0 <= order[position] && Int(order[position]) < count && !take(Int(order[position])) { return }
            end = start
        }
        for row in order[low...] where 0 <= row && Int(row) < count && !take(Int(row)) { return }
    }

    /// Counts per family, doping name and package, as the list's filters show them.
    /// Every package some part of the catalog comes in, in `Package` order.
    public var allPackages: [Package] { packages }

    public func facetCounts(_ selection: Selection) throws(IndexFileError) -> (families: [TransistorFamily: Int], dopings: [String: Int], packages: [(Package, Int)]) {
        guard let (withoutFamily, withoutDoping, withoutPackage) = selection.facets else { preconditionFailure("a selection made without its facets") }
        var families: [TransistorFamily: Int] = [:]
        for family in TransistorFamily.allCases {
            let count = withoutFamily.intersection(rows(family: family)).cardinality
            if count > 0 { families[family] = count }
        }
        var dopingCounts = [Int](repeating: 0, count: 6)
        for code in 0..<6 { dopingCounts[code] = withoutDoping.intersection(dopingRows[code]).cardinality }
        let names = ["NPN", "PNP", "NMOS", "PMOS", "N-channel", "P-channel"]
        var dopings: [String: Int] = [:]
        for code in 0..<6 where dopingCounts[code] > 0 { dopings[names[code]] = dopingCounts[code] }
        var packageCounts = [Int](repeating: 0, count: packages.count)
        let packageIDs = try column(.packageIDs, UInt32.self)
        withoutPackage.forEach { row in
            let id = Int(packageIDs[row])
            if id < packageCounts.count { packageCounts[id] += 1 }
        }
        return (families, dopings, packages.indices.filter { packageCounts[$0] > 0 }.map { (packages[$0], packageCounts[$0]) })
    }
}
