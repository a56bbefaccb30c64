import Foundation
import ListorKit
import ListorTestSupport
import Testing
@testable import Transistors

/// The index against a plain scan: on a generated catalog of 100,000 parts, a few hundred random
/// queries (words, families, dopings, packages, ratings, conditions of the query language, every
/// sort) give the same parts in the same order and the same facet counts.
@Suite struct TransistorIndexTests {
    /// A fixed-seed generator, so a failure can be run again.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }

        mutating func maybe<T>(_ value: T) -> T? { next(4) == 0 ? nil : value }
    }

    static let packages = ["TO-92", "TO-220", "SOT-23", "TO-247", "DPAK", "SO-8", "TO-18", "Módulo-7"]
    static let uses = ["Audio amplifier", "Switching regulator", "Low-noise preamp", "Motor driver", "Émetteur RF", "General purpose"]
    static let voltages = [12.0, 20, 30, 40, 45, 55, 60, 100, 200, 600]
    static let currents = [0.01, 0.1, 0.2, 0.5, 1, 3, 10, 49, 110]

    static func catalog(count: Int, seed: UInt64) -> [any Transistor] {
        var random = Generator(state: seed)
        let letters = Array("ABCDEFGHJKLMNPRSTXZ")
        return (0..<count).map { index in
            let prefix = String((0..<random.next(3)).map { _ in random.pick(letters) })
            let part = prefix + String(random.next(100_000)) + (random.next(3) == 0 ? String(random.pick(letters)) : "") + "-\(index)"
            // A part in eight gives one rating only, as KiCad's digital transistors do.
            let voltage = random.pick(voltages), current = random.pick(currents)
            let ratings = switch random.next(16) {
            case 0: Ratings(maxVoltage: voltage, maxCurrent: nil)
            case 1: Ratings(maxVoltage: nil, maxCurrent: current)
            default: Ratings(maxVoltage: voltage, maxCurrent: current)
            }
            let package = Package(random.pick(packages))
            let use = random.pick(uses)
            let datasheet = Datasheet(powerDissipation: random.maybe(random.pick([0.3, 0.5, 1, 50, 150])))
            switch random.next(3) {
            case 0:
                let low = Double(random.pick([40, 100, 110, 200]))
                return BJT(ratings: ratings, partNumber: part, package: package, use: use, doping: random.pick([.npn, .pnp]), datasheet: datasheet,
                           parameters: BJTParameters(hfeMin: random.maybe(low), hfeMax: random.maybe(low * 4), transitionFrequency: random.maybe(random.pick([3e6, 1e8, 3e8]))))
            case 1:
                return MOSFET(ratings: ratings, partNumber: part, package: package, use: use, doping: random.pick([.nmos, .pmos]), datasheet: datasheet,
                              parameters: MOSFETParameters(gateThresholdMax: random.maybe(random.pick([1.0, 2, 2.5, 4, -2])),
                                                           onResistance: random.maybe(random.pick([0.005, 0.02, 0.05, 1, 5])),
                                                           onResistanceGateVoltage: random.maybe(random.pick([2.5, 4.5, 10, -4.5]))))
            default:
                return JFET(ratings: ratings, partNumber: part, package: package, use: use, doping: random.pick([.nChannel, .pChannel]), datasheet: datasheet,
                            parameters: JFETParameters(idssMin: random.maybe(random.pick([0.001, 0.002, 0.02])), idssMax: random.maybe(random.pick([0.006, 0.03, 0.06])),
                                                       cutoffVoltageMin: random.maybe(random.pick([-0.5, -2])), cutoffVoltageMax: random.maybe(random.pick([-3.0, -6.5]))))
            }
        }
    }

    static func query(_ random: inout Generator) -> TransistorQuery {
        let words = ["7", "12", "123", "4-1", "AB", "x", "audio", "emetteur", "to-92", "npn", "mosfet", "modulo", "z9", "-99"]
        let conditions = ["vce>=40V", "ic>=500mA", "i<=0.2", "hfe>=100", "hfe 150..300", "ft>100MHz", "rds<=50mohm", "vgsth<=2.5",
                          "idss 2mA..10mA", "vgsoff=2", "p>=1W", "v=45", "v 30..60", "logic-level", "nmos", "pnp", "n", "jfet", "sot-23"]
        var tokens: [String] = []
        for _ in 0..<random.next(3) { tokens.append(random.pick(words)) }
        for _ in 0..<random.next(3) { tokens.append(random.pick(conditions)) }
        let input = TransistorQuery.Input(
            search: tokens.joined(separator: " "),
            family: random.maybe(random.pick(["bjt", "mosfet", "jfet"])).flatMap { random.next(2) == 0 ? $0 : nil },
            doping: random.next(3) == 0 ? random.pick(["npn", "p", "n", "nmos", "n-channel"]) : nil,
            package: random.next(3) == 0 ? random.pick(packages + ["TO-3"]) : nil,
            minVoltage: random.next(4) == 0 ? random.pick(["40V", "100"]) : nil,
            minCurrent: random.next(4) == 0 ? random.pick(["0.5", "2A"]) : nil,
            sort: random.pick(TransistorSort.allCases).rawValue)
        return TransistorQuery.parse(input).query
    }

    /// The plain scan: every part's fields checked, as the list did before it had an index. Each
    /// part's searchable text is folded once; a round then checks every part once, keeping which
    /// facets let it through, so the counts that ignore one facet come from the same pass.
    struct Scan {
        let parts: [any Transistor]
        let texts: [FoldedText]
        /// Each part's place in part-number order.
        let ranks: [Int]

        init(_ parts: [any Transistor]) {
            self.parts = parts
            texts = parts.map { FoldedText("\($0.partNumber) \($0.use) \($0.package.name) \($0.dopingName) \($0.family.rawValue)") }
            let byPart = parts.indices.sorted { NaturalSortKey(parts[$0].partNumber) < NaturalSortKey(parts[$1].partNumber) }
            var ranks = [Int](repeating: 0, count: parts.count)
            for (rank, index) in byPart.enumerated() { ranks[index] = rank }
            self.ranks = ranks
        }

        struct Outcome {
            var matching: [Int] = []
            var families: [TransistorFamily: Int] = [:]
            var dopings: [String: Int] = [:]
            var packages: [String: Int] = [:]
        }

        func run(_ query: TransistorQuery) -> Outcome {
            let expression = SearchExpression.parse(query.search)
            let search = SearchQuery(expression.textSearch)
            var outcome = Outcome()
            for (index, part) in parts.enumerated() {
                guard search.matches(texts[index]), expression.matches(part),
                      query.minVoltage.map({ minimum in part.ratings.maxVoltage.map { $0 >= minimum } ?? false }) ?? true,
                      query.minCurrent.map({ minimum in part.ratings.maxCurrent.map { $0 >= minimum } ?? false }) ?? true else { continue }
                let family = query.family.map { part.family == $0 } ?? true
                let doping = query.doping.map { $0.includes(part) } ?? true
                let package = query.package.map { part.package == $0 } ?? true
                if family && doping && package { outcome.matching.append(index) }
                if doping && package { outcome.families[part.family, default: 0] += 1 }
                if family && package { outcome.dopings[part.dopingName, default: 0] += 1 }
                if family && doping { outcome.packages[part.package.name, default: 0] += 1 }
            }
            return outcome
        }

        /// The parts in the sort's order: equal figures in part-number order, parts without the
        /// figure last.
        func sorted(_ matching: [Int], _ sort: TransistorSort) -> [String] {
            let ordered: [Int] = switch sort.key {
            case .partNumber: matching.sorted { sort.descending ? ranks[$0] > ranks[$1] : ranks[$0] < ranks[$1] }
            case .figure(let parameter):
                matching.sorted { first, second in
                    let (a, b) = (parameter.range(of: parts[first])?.lowerBound, parameter.range(of: parts[second])?.lowerBound)
                    switch (a, b) {
                    case let (a?, b?) where a != b: return sort.descending ? a > b : a < b
                    case (nil, _?): return false
                    case (_?, nil): return true
                    default: return ranks[first] < ranks[second]
                    }
                }
            }
            return ordered.map { parts[$0].partNumber }
        }
    }

    /// What one round found that the scan did not, or nil.
    static func round(_ round: Int, _ index: TransistorIndex, _ scan: Scan, _ random: inout Generator) -> (mismatch: String?, matched: Bool) {
        let query = Self.query(&random)
        guard let selection = try? index.select(query), let counts = try? index.facetCounts(selection) else {
            return ("round \(round), \(query): the index threw", false)
        }
        let expected = scan.run(query)
        let found = ((try? index.transistors(selection, sort: query.sort)) ?? []).map(\.partNumber)
        var problems: [String] = []
        if found != scan.sorted(expected.matching, query.sort) { problems.append("parts or their order") }
        // The matches alone, as the command line asks for them, are the same parts.
        let matchesAlone = (try? index.select(query, facets: false)).flatMap { try? index.transistors($0, sort: query.sort) }
        if matchesAlone?.map(\.partNumber) != found { problems.append("the matches without facets") }
        if counts.families != expected.families { problems.append("family counts") }
        if counts.dopings != expected.dopings { problems.append("doping counts") }
        if Dictionary(uniqueKeysWithValues: counts.packages.map { ($0.0.name, $0.1) }) != expected.packages { problems.append("package counts") }
        // A page anywhere in the matches, past whole words of the bit set and into the last.
        let offset = random.next(max(found.count, 1) + 10), limit = 1 + random.next(60)
        let page = ((try? index.transistors(selection, sort: query.sort, offset: offset, limit: limit)) ?? []).map(\.partNumber)
        if page != Array(found.dropFirst(offset).prefix(limit)) { problems.append("the page at \(offset), \(limit) long") }
        let mismatch = problems.isEmpty ? nil : "round \(round), \(query): \(problems.joined(separator: ", ")) differ"
        return (mismatch, !expected.matching.isEmpty)
    }

    /// `count` random rounds: what they found that the scan did not, and how many found something.
    static func rounds(_ count: Int, _ index: TransistorIndex, _ scan: Scan, seed: UInt64) -> (mismatches: [String], nonEmpty: Int) {
        var random = Generator(state: seed)
        var mismatches: [String] = []
        var nonEmpty = 0
        for round in 0..<count {
            let outcome = Self.round(round, index, scan, &random)
            if let mismatch = outcome.mismatch { mismatches.append(mismatch) }
            if outcome.matched { nonEmpty += 1 }
        }
        return (mismatches, nonEmpty)
    }

    @Test func indexedQueriesGiveWhatAPlainScanGives() async {
        let (mismatches, nonEmpty) = await OwnThread.run {
            let parts = Self.catalog(count: 100_000, seed: 16)
            let index = TransistorIndex(parts)
            return Self.rounds(300, index, Scan(parts), seed: 2026)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).joined(separator: "\n"))")
        #expect(nonEmpty > 100, "most queries find something, so the comparison means something")
    }
}
