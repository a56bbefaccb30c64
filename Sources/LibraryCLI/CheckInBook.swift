import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit
import Tagged

struct CheckInBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "checkin", abstract: "Check a book back in, and say who it is set aside for.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let outcome = try await location.withLibrary(in: environment) { library in try await CirculationDesk(library: library).checkIn(book: id) }
        var line = "checked in book \(outcome.book.id) (\(outcome.book.title))"
        if let hold = outcome.setAside {
            line += "; set it aside for \(hold.patronName) (hold \(hold.id))"
            if let expires = hold.expires { line += ", to collect by \(DateText.dateTime(expires, timeZone: .current, seconds: false))" }
        }
        environment.write(line + "\n")
    }
}
