import Foundation
import ArgumentParser
import ListorKit
import Transistors

/// How the commands report a catalog that failed or was partly bad.
enum TransistorReport {
    /// Writes the problem report to standard error; fails when nothing could be loaded.
    static func check(_ state: LoadingState<TransistorCatalog>, problems: [Problem], in environment: CommandEnvironment) throws {
        if let message = state.errorMessage {
            environment.writeError("error: \(message)\n")
            throw ExitCode.failure
        }
        ProblemReport.warn(problems, one: "catalog entry", many: "catalog entries", in: environment)
        if let catalog = state.value, catalog.transistors.isEmpty, !problems.isEmpty {
            environment.writeError("error: no entry of the catalog could be read\n")
            throw ExitCode.failure
        }
    }
}
