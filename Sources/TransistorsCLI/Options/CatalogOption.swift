import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit

/// Options shared by every transistor command.
struct CatalogOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A catalog: the seed's JSON, CSV, a KiCad symbol library (.kicad_sym), a SPICE model library (.lib, .mod), a folder of them, or the word bundled for the bundled catalog; give it again for more, each figure from the first to give it (default: the bundled one).",
                                            valueName: "file|folder|url"))
    var catalog: [String] = []
    @Flag(name: .customLong("problems"), help: "List every entry of the catalog that could not be read, and why (by default, past three, only how many).")
    var listsProblems = false

    func locations() throws -> [CatalogLocation] {
        do { return try CatalogLocation.list(catalog) } catch { throw ValidationError(error.description) }
    }
}
