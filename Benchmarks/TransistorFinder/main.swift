// The parts finder at a million parts: loads the catalog as `serve` does (decode, then index),
// reports the time and the memory it then holds, and times four queries on the index. The
// SQLite baseline (sqlite_baseline.py) times the same queries on the same parts; the script
// Benchmarks/run-transistor-finder.sh runs both and prints them side by side.
// Run on demand (see Benchmarks/README.md); figures go in issue notes, never in tests.
import CListorMemory
import Foundation
import ListorKit
import Transistors

let path = CommandLine.arguments.dropFirst().first ?? "Benchmarks/data/parts-1M.json"
let rounds = 21

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = start.duration(to: .now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// VmRSS from /proc: what the process holds in memory now.
func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
    return kilobytes / 1024
}

let before = residentMegabytes()
let loadStart = ContinuousClock.now
let catalog = try TransistorCatalogDecoder().decode(try Data(contentsOf: URL(fileURLWithPath: path)))
precondition(catalog.problems.isEmpty, "\(catalog.problems.count) problems in \(path)")
let decodeSeconds = seconds(since: loadStart)
let decodedRSS = residentMegabytes()
let index = TransistorIndex(catalog.transistors)
let loadSeconds = seconds(since: loadStart)
print(String(format: "load\t%.3f\t%d parts; decoding %.3f s, indexing %.3f s", loadSeconds, index.count, decodeSeconds, loadSeconds - decodeSeconds))
let heldAfterLoading = residentMegabytes()
// As `listor serve` does once its catalog is loaded.
_ = listor_return_free_memory()
print(String(format: "rss\t%.0f\t%.0f MB before loading, %.0f MB decoded, %.0f MB before the free pages went back",
             residentMegabytes(), before, decodedRSS, heldAfterLoading))

/// The queries, as the list's URL parameters give them; SQLite's script has the same four.
let queries: [(name: String, input: TransistorQuery.Input, limit: Int)] = [
    ("five conditions", .init(family: "mosfet", doping: "nmos", package: "TO-220", minVoltage: "60V", minCurrent: "10A"), .max),
    ("two ranges", .init(search: "nmos v 30V..100V i 5A..50A"), .max),
    ("substring 7002", .init(search: "7002"), .max),
    ("first 50 by voltage", .init(family: "bjt", sort: "-voltage"), 50),
]

for (name, input, limit) in queries {
    let (query, errors) = TransistorQuery.parse(input)
    precondition(errors.isEmpty, "\(name): \(errors)")
    var times: [Double] = []
    var found: [any Transistor] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        found = try index.transistors(try index.select(query), sort: query.sort, limit: limit)
        times.append(seconds(since: start))
    }
    let median = times.sorted()[rounds / 2]
    let first = found.prefix(3).map(\.partNumber).joined(separator: ",")
    print(String(format: "query\t%@\t%.3f\t%d\t%@", name, median * 1000, found.count, first))
}

// The list page's work for the same first query: matches, facet counts, the first 50 rows.
let (pageQuery, _) = TransistorQuery.parse(queries[1].input)
var pageTimes: [Double] = []
for _ in 0..<rounds {
    let start = ContinuousClock.now
    let selection = try index.select(pageQuery)
    _ = try index.facetCounts(selection)
    _ = try index.transistors(selection, sort: pageQuery.sort, limit: 50)
    pageTimes.append(seconds(since: start))
}
print(String(format: "page\t%.3f\tmatches, facets and 50 rows", pageTimes.sorted()[rounds / 2] * 1000))
