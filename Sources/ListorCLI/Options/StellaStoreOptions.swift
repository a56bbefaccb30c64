import ArgumentParser
import Stella

/// Where the store's catalogue, stock and orders are, for `listor stella import` and `orders`.
struct StellaStoreOptions: ParsableArguments {
    @OptionGroup var data: DataDirectoryOption
    @Option(name: .customLong("stella-db"),
            help: ArgumentHelp("The store's database: postgres://user:password@host:5432/database (default: stella.sqlite in the data directory).", valueName: "url"))
    var database: String?

    func withStore<T: Sendable>(_ body: @Sendable (any StellaStore) async throws -> T) async throws -> T {
        try await StellaComposition.withStore(dataDirectory: data.path, database: database, body)
    }
}
