import Foundation
import ListorTestSupport
import Testing
import Transistors

/// The symbols of a KiCad library: names, aliases, properties and pins, from a file written for
/// the tests and from Debian's kicad-symbols (which `.ci/run` installs).
@Suite struct KiCadSymbolTests {
    static let debianSymbols = "/usr/share/kicad/symbols"

    @Test("a symbol's properties and pins, and an alias that names its parent")
    func readsSymbolsAndAliases() throws {
        let symbols = try KiCadSymbol.symbols(in: try SExpression.parse(try Fixtures.data(Fixtures.kiCadTwoSymbols)))
        #expect(symbols.map(\.name) == ["QX100", "QX101"])
        #expect(symbols[0].description == "0.5A Ic, 45V Vce, NPN Transistor, TO-92")
        #expect(symbols[0].properties["Footprint"] == "Package_TO_SOT_THT:TO-92_Inline")
        #expect(symbols[0].properties["Datasheet"] == "https://example.org/qx100.pdf")
        #expect(symbols[0].pins.map { "\($0.name)\($0.number)" } == ["E1", "B2", "C3"])
        #expect(symbols[0].extends == nil)
        #expect(symbols[1].extends == "QX100" && symbols[1].pins.isEmpty)
        #expect(symbols[1].description == "0.5A Ic, 65V Vce, NPN Transistor, TO-92")
    }

    @Test("a file that is not a symbol library says what it starts with")
    func otherFileIsRefused() throws {
        #expect {
            try KiCadSymbol.symbols(in: try SExpression.parse(Array("(kicad_pcb (version 20211014))".utf8)))
        } throws: { error in
            "\(error)" == "not a KiCad symbol library: it starts with (kicad_pcb …), not (kicad_symbol_lib …)"
        }
    }

    @Test("Debian's transistor libraries: every symbol named, every alias's parent in its file, every other symbol with its pins",
          arguments: ["Transistor_BJT.kicad_sym", "Transistor_FET.kicad_sym"])
    func readsDebiansLibraries(file: String) throws {
        let path = "\(Self.debianSymbols)/\(file)"
        guard FileManager.default.fileExists(atPath: path) else {
            ExternalComponent.unavailable("reading KiCad's libraries needs \(path) (Debian: apt-get install kicad-symbols)")
            return
        }
        let symbols = try KiCadSymbol.symbols(in: try SExpression.parse(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(symbols.count > 250, "\(symbols.count) symbols")
        let names = Set(symbols.map(\.name))
        #expect(names.count == symbols.count, "a name repeats")
        let aliases = symbols.filter { $0.extends != nil }
        #expect(!aliases.isEmpty)
        #expect(aliases.allSatisfy { names.contains($0.extends!) }, "\(aliases.filter { !names.contains($0.extends!) }.map(\.name))")
        let drawn = symbols.filter { $0.extends == nil }
        #expect(drawn.allSatisfy { $0.pins.count >= 3 }, "\(drawn.filter { $0.pins.count < 3 }.map(\.name))")
        #expect(symbols.allSatisfy { $0.description?.isEmpty == false })
        if file == "Transistor_BJT.kicad_sym", let q = symbols.first(where: { $0.name == "2N2219" }) {
            #expect(q.pins.map { "\($0.name)\($0.number)" } == ["E1", "B2", "C3"])
            #expect(q.properties["Footprint"] == "Package_TO_SOT_THT:TO-39-3")
        }
    }
}
