import ArgumentParser
import Foundation
import Library
import Tagged

struct CheckInBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "checkin", abstract: "Check a book back in.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let outcome = try await location.withLibrary { library in
            try await BookActions(library: library).checkIn(id: id)
        }
        guard case .done(let book?) = outcome else { throw outcome.refusal ?? ExitCode.failure }
        environment.write("checked in book \(book.id) (\(book.title))\n")
    }
}
