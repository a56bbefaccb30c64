import ArgumentParser
import Stella

/// Whose catalogue a `listor stella` command shows: the bundled one, or a catalogue API's.
struct CatalogueSource: ParsableArguments {
    @Option(help: ArgumentHelp("A catalogue API, e.g. http://127.0.0.1:8080/stella/api (default: the bundled catalogue).", valueName: "url"))
    var server: String?

    func validate() throws {
        _ = try settings()
    }

    func settings() throws -> StellaSettings {
        guard let server else { return StellaSettings() }
        do { return StellaSettings(catalogue: try HTTPAddress.parse(server, option: "--server")) } catch { throw ValidationError(error.description) }
    }

    /// Runs `body` with the catalogue client these options name.
    func withCatalogue<T: Sendable>(_ body: (CatalogueClient) async throws -> T) async throws -> T {
        try await StellaComposition.withCatalogue(try settings(), body)
    }
}
