import Foundation
import ArgumentParser
import ListorKit

/// Options shared by every transistor command.
struct CatalogOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A catalog in the seed's JSON format (default: the bundled one).", valueName: "file|url"))
    var catalog: String?

    func location() throws -> CatalogLocation {
        do { return try CatalogLocation(argument: catalog) } catch { throw ValidationError(error.description) }
    }
}
