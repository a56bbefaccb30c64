import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit
import Tagged

struct RenewBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "renew", abstract: "Renew a book's loan for another loan period.",
                                                    discussion: "Refused past the renewal limit, and while anyone holds the book.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let done = try await location.withLibrary(in: environment) { library -> BookDetailViewModel in
            BookDetailViewModel(book: try await CirculationDesk(library: library).renew(book: id).book, now: Date(), timeZone: .current)
        }
        let renewals = done.book.loan?.renewals ?? 0
        environment.write("renewed book \(done.book.id) (\(done.book.title)) for \(done.book.loan?.borrower ?? "?")\(done.dueDate.map { ", due " + $0 } ?? "")"
                          + " (renewed \(renewals) \(renewals == 1 ? "time" : "times"))\n")
    }
}
