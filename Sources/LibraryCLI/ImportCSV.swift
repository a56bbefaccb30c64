import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit

struct ImportCSV: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add books, loans or patrons from a CSV file.",
        discussion: """
            Books need the columns title and author (publisher, categories, isbn optional); loans need
            bookId, borrower, checkedOut and due (returned optional), dates as yyyy-MM-dd HH:mm:ss in UTC,
            as `export` writes them; patrons need name (card, email, phone, notes, address, category, remindersOff optional).
            Good rows are added; a book whose ISBN the library already has, a loan it already has, or a
            patron whose card it has, is reported as already there and not added again, so a file can be
            imported again after fixing its bad rows. Each bad row (a line that is not CSV too) is
            reported by line, and the command then exits 1.
            """)

    @OptionGroup var location: LibraryLocation
    @Argument(help: "books, loans or patrons.")
    var table: LibraryCSV.Table
    @Argument(help: "The CSV file.")
    var file: String

    func run(in environment: CommandEnvironment) async throws {
        let text: String
        do { text = try TextFile.read(file) } catch {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        }
        let (table, file) = (table, file)
        let report: ImportReport
        do {
            report = try await location.withLibrary(in: environment) { library in
                switch table {
                case .books: try await library.importBooks(text)
                case .loans: try await library.importLoans(text)
                case .patrons: try await library.importPatrons(text)
                }
            }
        } catch let error as CSVImportError {
            environment.writeError("error: \(file): \(error)\n")
            throw ExitCode.failure
        }
        environment.write("\(report.summary) from \(file)\n")
        for note in report.alreadyThere { environment.writeError("\(file): \(note)\n") }
        for problem in report.problems { environment.writeError("\(file): \(problem)\n") }
        if report.leftRowsOut { throw ExitCode.failure }
    }
}
