import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit
import Tagged

struct CheckOutBook: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout", abstract: "Check a book out to a patron, by the library's rules (holds, the loan limit).",
        discussion: "Name the patron with --patron (an id), --card, or --to (a card or a name; one that no patron has is refused with the closest patrons, unless --new-patron makes a patron of that name).")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID
    @Option(name: .customLong("to"), help: "The borrower's card or name.")
    var borrower: String?
    @Flag(help: "With --to: make a new patron of that name.")
    var newPatron = false
    @Option(help: ArgumentHelp("The patron's id.", valueName: "id"))
    var patron: String?
    @Option(help: ArgumentHelp("The patron's card.", valueName: "card"))
    var card: String?
    @Option(help: ArgumentHelp("The due date: 2026-12-01, or 2026-12-01 17:00:00 in UTC (default: the loan period from now).", valueName: "date"))
    var due: String?

    func validate() throws {
        guard [borrower, patron, card].compactMap({ $0 }).count == 1 else { throw ValidationError("name the patron once: --to NAME, --patron ID or --card CARD") }
        if newPatron, borrower == nil { throw ValidationError("--new-patron makes a patron of the name --to gives") }
        _ = try reference()
        do { _ = try CirculationDesk.due(due) } catch { throw ValidationError("--due: \(error.errors.first?.message ?? "\(error)")") }
    }

    private func reference() throws -> PatronReference {
        do {
            guard let reference = try CirculationDesk.patron(id: patron, card: card, name: borrower) else { throw ValidationError("name the patron") }
            return reference
        } catch let error as FieldErrors {
            let option = ["patron": "--patron", "card": "--card", "lastCheckedOutBy": "--to"][error.errors.first?.field ?? ""] ?? "--to"
            throw ValidationError("\(option): \(error.errors.first?.message ?? "")")
        }
    }

    func run(in environment: CommandEnvironment) async throws {
        let (id, patron, due, typed, newPatron) = (id, try reference(), try CirculationDesk.due(due), borrower, newPatron)
        let done: BookDetailViewModel
        do {
            done = try await location.withLibrary(in: environment) { library -> BookDetailViewModel in
                let desk = CirculationDesk(library: library)
                let outcome = if let typed {
                    try await desk.checkOut(book: id, cardOrName: typed, newPatron: newPatron, due: due)
                } else {
                    try await desk.checkOut(book: id, to: patron, due: due)
                }
                return BookDetailViewModel(book: outcome.book, now: Date(), timeZone: .current)
            }
        } catch let errors as FieldErrors where errors.errors.first?.field == "borrower" {
            environment.writeError("error: --to: \(errors.errors.first?.message ?? "")\n")
            throw ExitCode.failure
        }
        let book = done.book
        environment.write("checked out book \(book.id) (\(book.title)) to \(book.loan?.borrower ?? "?")\(done.dueDate.map { ", due " + $0 } ?? "")\n")
    }
}
