import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import Tagged

struct LoanHistory: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "The loans of a book, or of a borrower, newest first.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID?
    @Option(help: "A borrower's name, instead of a book.")
    var borrower: String?

    func validate() throws {
        if (id == nil) == (borrower == nil) { throw ValidationError("give a book id or --borrower NAME") }
    }

    func run(in environment: CommandEnvironment) async throws {
        let kind: LoanListViewModel.Kind = id.map { .book($0) } ?? .borrower(borrower ?? "")
        let list = try await location.withLibrary(in: environment) { library in try await LoanListViewModel.load(kind, from: library, timeZone: .current) }
        ProblemReport.warn(list.problems, one: "loan", many: "loans", in: environment)
        environment.write((list.rows.isEmpty ? list.emptyMessage : LoanTable.render(list, width: environment.columns)) + "\n")
    }
}
