import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import Tagged

struct DeleteBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a book and its loans.",
                                                    discussion: "Asks for --yes, since it cannot be undone.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID
    @Flag(help: "Delete without asking.")
    var yes = false

    func run(in environment: CommandEnvironment) async throws {
        let (id, yes) = (id, yes)
        try await location.withLibrary(in: environment) { library in
            let detail = try await BookDetailViewModel.load(id, from: library, now: Date(), timeZone: .current)
            guard yes else {
                environment.writeError("this would delete book \(id) (\(detail.book.title)) and its loans; run again with --yes to delete it\n")
                throw ExitCode.validationFailure
            }
            // The version just read: a book that changed meanwhile is not deleted unseen.
            let outcome = try await BookActions(library: library).delete(id: id, version: detail.book.version)
            if let refusal = outcome.refusal { throw refusal }
            environment.write("deleted book \(id) (\(detail.book.title))\n")
        }
    }
}
