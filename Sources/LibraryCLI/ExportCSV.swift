import ArgumentParser
import Foundation
import Library
import ListorCommandKit

struct ExportCSV: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the books, the loans or the patrons as CSV.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "books, loans or patrons.")
    var table: LibraryCSV.Table
    @Option(name: .shortAndLong, help: ArgumentHelp("A file to write (default: standard output).", valueName: "file"))
    var output: String?

    func run(in environment: CommandEnvironment) async throws {
        let table = table
        let text = try await location.withLibrary(in: environment) { library in switch table {
            case .books: try await library.exportBooks()
            case .loans: try await library.exportLoans()
            case .patrons: try await library.exportPatrons()
            } }
        guard let output else {
            environment.write(text)
            return
        }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
            environment.writeError("error: cannot write \(output): \(error.localizedDescription)\n")
            throw ExitCode.failure
        }
    }
}
