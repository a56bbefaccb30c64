import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Transistors

/// How the commands load a catalog and report one that failed or was partly bad.
package enum TransistorReport {
    /// Writes the problem report to standard error; fails when nothing could be loaded.
    /// `partCount` is the list's, whose parts may be in an index file rather than the catalog.
    /// Past three entries that could not be read, only their count is said, and how to list
    /// them (`more`), unless `listsAll`.
    package static func check(_ state: LoadingState<TransistorCatalog>, problems: [Problem], partCount: Int? = nil, listsAll: Bool = false,
                              more: String = "--problems lists them, each with why", in environment: CommandEnvironment) throws {
        if let message = state.errorMessage {
            environment.writeError("error: \(message)\n")
            throw ExitCode.failure
        }
        ProblemReport.warn(problems, one: "catalog entry", many: "catalog entries", listing: listsAll ? .max : 3, more: more, in: environment)
        if let catalog = state.value, (partCount ?? catalog.transistors.count) == 0, !problems.isEmpty {
            environment.writeError("error: no entry of the catalog could be read\n")
            throw ExitCode.failure
        }
    }

    /// Runs `body` with the list over the catalog at `locations`, answered from its index file
    /// (in the data directory, made on the first run) where the catalog is files; the catalog's
    /// problems reported first. A record of the index found damaged is reported, and `body` runs
    /// again on the catalog read anew: nothing read from the damaged record was used.
    static func withList<T>(_ option: CatalogOption, query: TransistorQuery = TransistorQuery(), in environment: CommandEnvironment,
                            _ body: (TransistorListViewModel) throws -> T) async throws -> T {
        let locations = try option.locations()
        let indexDirectory = DataDirectory.standard(environment: environment.variables) + "/transistor-index"
        func list(rebuildingIndex: Bool) async throws -> TransistorListViewModel {
            try await TransistorsComposition.loadedList(locations, query: query, indexDirectory: indexDirectory, rebuildingIndex: rebuildingIndex,
                                                        warn: environment.writeError)
        }
        let viewModel = try await list(rebuildingIndex: false)
        try check(viewModel.state, problems: viewModel.problems, partCount: viewModel.partCount, listsAll: option.listsProblems, in: environment)
        do {
            return try body(viewModel)
        } catch let damage as IndexFileError {
            environment.writeError("warning: the index file is damaged (\(damage)); it is made again from the catalog\n")
            return try body(try await list(rebuildingIndex: true))
        }
    }

    /// The part named; an unknown one is reported with the closest matches before failing.
    static func part(_ partNumber: String, in list: TransistorListViewModel, environment: CommandEnvironment) throws -> any Transistor {
        do {
            return try list.transistor(partNumber: partNumber)
        } catch let error as UnknownPartError {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        }
    }
}
