import ArgumentParser
import ListorCommandKit
import ListorKit
import Stella

/// Where the store's catalogue, stock and orders are, for `listor stella import` and `orders`.
struct StellaStoreOptions: ParsableArguments {
    @OptionGroup var data: DataDirectoryOption
    @Option(name: .customLong("stella-db"),
            help: ArgumentHelp("The store's database: postgres://user:password@host:5432/database (default: stella.sqlite in the data directory).", valueName: "url"))
    var database: String?

    /// Runs `body` with the store these options name; the data directory is `--data-dir`, else
    /// the standard one of `environment`.
    func withStore<T: Sendable>(in environment: CommandEnvironment, _ body: @Sendable (any StellaStore) async throws -> T) async throws -> T {
        try await ResourceScope.with { scope in
            try await body(StellaComposition.store(dataDirectory: data.directory(in: environment.variables), database: database, in: scope))
        }
    }
}
