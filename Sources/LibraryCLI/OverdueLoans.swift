import ArgumentParser
import Foundation
import Library
import ListorCommandKit

struct OverdueLoans: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "overdue", abstract: "List overdue loans; exits 1 when there are any, for cron.")

    @OptionGroup var location: LibraryLocation

    func run(in environment: CommandEnvironment) async throws {
        let list = try await location.withLibrary(in: environment) { library in try await LoanListViewModel.load(.overdue, from: library, timeZone: .current) }
        ProblemReport.warn(list.problems, one: "loan", many: "loans", in: environment)
        guard !list.rows.isEmpty else {
            environment.write(list.emptyMessage + "\n")
            return
        }
        environment.write(LoanTable.render(list, width: environment.columns) + "\n")
        environment.writeError(list.count + "\n")
        throw ExitCode.failure
    }
}
