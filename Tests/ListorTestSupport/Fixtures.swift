import Foundation

/// Test fixtures with fixed contents, kept in one place for every test target.
public enum Fixtures {
    /// The seed's three JSON examples, byte for byte as seed 000 prints them.
    public static let seedBJT = "seed-bjt-BC547.json"
    public static let seedMOSFET = "seed-mosfet-IRF9540N.json"
    public static let seedJFET = "seed-jfet-2SJ103.json"
    /// Four good parts and five bad ones, each bad in a different way.
    public static let partlyBadCatalog = "partly-bad-catalog.json"
    /// A 60 × 90 CMYK JPEG as Photoshop saves one: navy with a yellow band across its middle third.
    public static let cmykCover = "cmyk-cover.jpg"
    /// A KiCad symbol library written for the tests: an NPN transistor (QX100, pins E 1, B 2,
    /// C 3) and an alias of it (QX101) with a description of its own.
    public static let kiCadTwoSymbols = "kicad-two-symbols.kicad_sym"
    /// A SPICE model library written for the tests: QX100 (NPN, 45 V, 500 mA, continued on a
    /// second line), QX200 (PNP), MX1 and MX2 (VDMOS, N and P), JX1 (a JFET without ratings),
    /// a diode, and a repeat of QX100 inside a subcircuit.
    public static let spiceModels = "spice-models.lib"

    public static func url(_ name: String) -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            preconditionFailure("fixture \(name) is missing from ListorTestSupport/Fixtures")
        }
        return url
    }

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// The three seed examples as one catalog array, the way a catalog file holds them.
    public static func seedCatalog() throws -> Data {
        let objects = try [seedBJT, seedMOSFET, seedJFET].map { String(decoding: try data($0), as: UTF8.self) }
        return Data(("[\n" + objects.joined(separator: ",\n") + "]\n").utf8)
    }
}

/// A directory under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("listor-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `name` inside the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ contents: some DataProtocol) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(contents).write(to: file)
        return file.path
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
