import ArgumentParser
import ListorCommandKit
import Stella

/// Whose catalogue a `listor stella` command shows: the store's (in the data directory or `--stella-db`), or a catalogue API's.
struct CatalogueSource: ParsableArguments {
    @Option(help: ArgumentHelp("A catalogue API, e.g. http://127.0.0.1:8080/stella/api (default: the store's catalogue in the data directory or --stella-db).", valueName: "url"))
    var server: String?
    @OptionGroup var store: StellaStoreOptions

    func validate() throws {
        _ = try settings()
    }

    func settings() throws -> StellaSettings {
        guard let server else { return StellaSettings(database: store.database) }
        do { return StellaSettings(catalogue: try HTTPAddress.parse(server, option: "--server")) } catch { throw ValidationError(error.description) }
    }

    /// Runs `body` with the catalogue client these options name.
    func withCatalogue<T: Sendable>(in environment: CommandEnvironment, _ body: @Sendable (CatalogueClient) async throws -> T) async throws -> T {
        try await StellaComposition.withCatalogue(try settings(), dataDirectory: store.data.directory(in: environment.variables), body)
    }
}
