import ArgumentParser
import Foundation
import Library
import Tagged

struct CheckOutBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "checkout", abstract: "Check a book out to someone.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID
    @Option(name: .customLong("to"), help: "Who is checking it out.")
    var borrower: String

    func run(in environment: CommandEnvironment) async throws {
        let (id, borrower) = (id, borrower)
        let done = try await location.withLibrary { library -> BookDetailViewModel in
            let outcome = try await BookActions(library: library).checkOut(id: id, by: borrower)
            guard case .done(let book?) = outcome else { throw outcome.refusal ?? ExitCode.failure }
            return BookDetailViewModel(book: book, now: Date(), timeZone: .current)
        }
        let book = done.book
        environment.write("checked out book \(book.id) (\(book.title)) to \(book.loan?.borrower ?? borrower)\(done.dueDate.map { ", due " + $0 } ?? "")\n")
    }
}
