import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Transistors

/// How the commands load a catalog and report one that failed or was partly bad.
package enum TransistorReport {
    /// Writes the problem report to standard error; fails when nothing could be loaded.
    /// `partCount` is the list's, whose parts may be in an index file rather than the catalog.
    package static func check(_ state: LoadingState<TransistorCatalog>, problems: [Problem], partCount: Int? = nil, in environment: CommandEnvironment) throws {
        if let message = state.errorMessage {
            environment.writeError("error: \(message)\n")
            throw ExitCode.failure
        }
        ProblemReport.warn(problems, one: "catalog entry", many: "catalog entries", in: environment)
        if let catalog = state.value, (partCount ?? catalog.transistors.count) == 0, !problems.isEmpty {
            environment.writeError("error: no entry of the catalog could be read\n")
            throw ExitCode.failure
        }
    }

    /// The catalog at `location`, its problems reported; fails when it could not be loaded.
    static func catalog(_ locations: [CatalogLocation], in environment: CommandEnvironment) async throws -> TransistorCatalog {
        let state = try await TransistorsComposition.withCatalogProvider(locations) { provider in
            var final: LoadingState<TransistorCatalog> = .idle
            await LoadingState.load(provider) { final = $0 }
            return final
        }
        try check(state, problems: state.value?.problems ?? [], in: environment)
        guard let catalog = state.value else { throw ExitCode.failure }
        return catalog
    }

    /// The parts named, in order; every unknown one is reported with the closest matches before failing.
    static func parts(_ partNumbers: [String], in catalog: TransistorCatalog, environment: CommandEnvironment) throws -> [any Transistor] {
        var found: [any Transistor] = []
        var unknown: [UnknownPartError] = []
        for partNumber in partNumbers {
            do { found.append(try catalog.require(partNumber: partNumber)) } catch { unknown.append(error) }
        }
        guard unknown.isEmpty else {
            for error in unknown { environment.writeError("error: \(error)\n") }
            throw ExitCode.failure
        }
        return found
    }
}
