// Decodes a seed-format catalog of a million parts and filters it on five conditions.
// Run on demand (see Benchmarks/README.md); figures go in issue notes, never in tests.
import Foundation
import ListorKit
import Transistors

let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first ?? "Benchmarks/data/parts-1M.json"
let partCount = arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000

if !FileManager.default.fileExists(atPath: path) {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try CatalogGenerator(count: partCount).text().write(toFile: path, atomically: true, encoding: .utf8)
    print("wrote \(path)")
}

let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
let megabytes = Double(bytes.count) / 1_000_000

func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = start.duration(to: .now)
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

if ProcessInfo.processInfo.environment["PHASES"] != nil {
    let (tree, parseSeconds) = try measure { try JSONParser.parse(bytes) }
    print(String(format: "phase parse: %.3f s", parseSeconds))
    _ = tree
    let (batch, batchSeconds) = try measure { try BatchDecoder().decodeConcurrently(JSONNumberItem.self, from: bytes) }
    print(String(format: "phase concurrent batch of trivial items: %.3f s (%d items, %d problems)", batchSeconds, batch.items.count, batch.problems.count))
    let (full, fullSeconds) = try measure { try TransistorCatalogDecoder().decode(bytes) }
    print(String(format: "phase full: %.3f s (%d)", fullSeconds, full.transistors.count))
    exit(0)
}

// Best of three: the first run also pays for page faults in a fresh heap.
var best = Double.infinity
var catalog = TransistorCatalog(transistors: [])
for _ in 0..<3 {
    let (decoded, seconds) = try measure { try TransistorCatalogDecoder().decode(bytes) }
    best = min(best, seconds)
    catalog = decoded
}
let parts = catalog.transistors.count
print(String(format: "decode: %d parts, %.1f MB in %.3f s = %.0f parts/s, %.1f MB/s (%d problems)",
             parts, megabytes, best, Double(parts) / best, megabytes / best, catalog.problems.count))

let (query, errors) = TransistorQuery.parse(.init(family: "mosfet", doping: "nmos", package: "TO-220", minVoltage: "60V", minCurrent: "10A"))
precondition(errors.isEmpty, "\(errors)")
let (viewModel, indexSeconds) = measure { TransistorListViewModel(catalog: catalog, query: query) }
let (matches, filterSeconds) = try measure { try viewModel.matchingTransistors.count }
print(String(format: "index (fold search keys): %.3f s; five-condition filter: %d matches in %.3f s = %.0f parts/s",
             indexSeconds, matches, filterSeconds, Double(parts) / filterSeconds))

/// Deterministic seed-format parts: the same file on every machine for the same count.
struct CatalogGenerator {
    let count: Int

    func text() -> String {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let families = [("BJT", "bjt_doping", ["NPN", "PNP"]), ("MOSFET", "mosfet_doping", ["NMOS", "PMOS"]), ("JFET", "jfet_doping", ["N-channel", "P-channel"])]
        let packages = ["TO-92", "TO-220", "TO-247", "SOT-23", "TO-126", "DPAK", "D2PAK", "SO-8", "TO-3", "SOT-223"]
        let voltages = [20.0, 25.0, 30.0, 40.0, 45.0, 55.0, 60.0, 80.0, 100.0, 150.0, 200.0, 400.0, 600.0]
        let currents = [0.01, 0.1, 0.2, 0.5, 0.8, 1.5, 3.0, 5.0, 10.0, 23.0, 49.0, 110.0]
        var lines: [String] = []
        lines.reserveCapacity(count)
        for index in 0..<count {
            let (family, key, dopings) = families[next(3)]
            lines.append("""
                {"part_number": "P\(index)", "\(family)": {"\(key)": "\(dopings[next(2)])"}, \
                "ratings": {"max_voltage": \(voltages[next(voltages.count)]), "max_current": \(currents[next(currents.count)])}, \
                "use": "Generated part for decoding benchmarks", "package": "\(packages[next(packages.count)])"}
                """)
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }
}

/// A trivial item for timing the pipeline without the transistor model.
struct JSONNumberItem: JSONValueDecodable, Sendable {
    let voltage: Double
    init(from decoder: any Decoder) throws { try self.init(decodingJSONFrom: decoder) }
    init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let ratings = try JSONFields(json, codingPath: codingPath).value(AnyJSONKey("ratings"))
        voltage = try JSONFields(ratings, codingPath: codingPath).double(AnyJSONKey("max_voltage"))
    }
}
