import ArgumentParser
import Foundation
import Library
import ListorCommandKit

/// Which library a `listor library` command works on: a server's (`--server`), or the local one
/// that `listor serve` keeps, with the same options as `serve`.
struct LibraryLocation: ParsableArguments {
    @Option(help: ArgumentHelp("A Prolific-compatible API, e.g. http://127.0.0.1:8080/library/api.", valueName: "url"))
    var server: String?
    @OptionGroup var data: DataDirectoryOption
    @OptionGroup var library: LibraryOptions

    func validate() throws {
        var problems = library.problems()
        if server != nil {
            if library.database != nil { problems.append("--server and --library-db name two libraries; give one") }
            if library.loanDays != nil { problems.append("--library-loan-days is for the local library; a server lends for its own period") }
            if !library.categories.isEmpty { problems.append("--library-category is for the local library; a server lends by its own categories") }
        }
        guard problems.isEmpty else { throw ValidationError(problems.joined(separator: "\n")) }
        _ = try settings(ProcessInfo.processInfo.environment)
    }

    /// The library these options name, in a command whose environment's variables are `variables`.
    func settings(_ variables: [String: String]) throws -> LibrarySettings {
        var serverURL: URL?
        if let server {
            do { serverURL = try HTTPAddress.parse(server, option: "--server") } catch { throw ValidationError(error.description) }
        }
        let dataDirectory = data.directory(in: variables)
        return try library.settings(dataDirectory: dataDirectory, server: serverURL, variables: variables)
    }

    /// Runs `body` on the library: the server's, or the local one, its data directory made if need be.
    func withLibrary<T: Sendable>(in environment: CommandEnvironment, _ body: @Sendable (any LibraryService) async throws -> T) async throws -> T {
        let settings = try settings(environment.variables)
        if settings.server == nil, case .sqlite = settings.database { _ = try DataDirectory.prepare(data.directory(in: environment.variables)) }
        return try await LibraryComposition.withLibrary(settings, body)
    }
}
