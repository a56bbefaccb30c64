import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit
import Tagged

/// `listor library holds …`: a book's queue, placing and cancelling holds.
struct HoldsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "holds", abstract: "A book's queue of holds: list, place, cancel.",
                                                    subcommands: [ListHolds.self, PlaceHold.self, CancelHold.self], defaultSubcommand: ListHolds.self)
}

struct ListHolds: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "A book's queue, first come first.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID
    @Option(help: "table or json (the API's format).")
    var format: OutputFormat = .table

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let queue = try await location.withLibrary(in: environment) { library in try await library.queue(of: id) }
        if format == .json {
            environment.write(CirculationJSON.value(queue: queue).serialized(pretty: true) + "\n")
            return
        }
        guard !queue.isEmpty else {
            environment.write("nobody holds book \(id)\n")
            return
        }
        let columns = [TextTable.Column(title: "PLACE", rightAligned: true), TextTable.Column(title: "HOLD", rightAligned: true),
                       TextTable.Column(title: "PATRON", flexible: true, isMain: true), TextTable.Column(title: "PLACED"), TextTable.Column(title: "STATE", flexible: true)]
        let rows = queue.enumerated().map { index, hold in
            ["\(index + 1)", hold.id.description, hold.patronName, DateText.dateTime(hold.placed, timeZone: .current, seconds: false),
             hold.state == .ready ? "set aside until \(hold.expires.map { DateText.dateTime($0, timeZone: .current, seconds: false) } ?? "?")" : hold.state.rawValue]
        }
        environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
    }
}

struct PlaceHold: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "place", abstract: "Hold a book for a patron: their place in its queue.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID
    @Option(help: ArgumentHelp("The patron's id.", valueName: "id"))
    var patron: String?
    @Option(help: ArgumentHelp("The patron's card.", valueName: "card"))
    var card: String?

    func validate() throws {
        guard (patron == nil) != (card == nil) else { throw ValidationError("name the patron once: --patron ID or --card CARD") }
        _ = try reference()
    }

    private func reference() throws -> PatronReference {
        do { return try HoldBody.reference(patron: patron, card: card) } catch {
            throw ValidationError("--\(error.errors.first?.field ?? "patron"): \(error.errors.first?.message ?? "")")
        }
    }

    func run(in environment: CommandEnvironment) async throws {
        let (id, patron) = (id, try reference())
        let outcome = try await location.withLibrary(in: environment) { library in try await CirculationDesk(library: library).placeHold(on: id, for: patron) }
        guard let hold = outcome.placed else { throw ExitCode.failure }
        if hold.state == .ready {
            environment.write("book \(id) (\(outcome.book.title)) is set aside for \(hold.patronName) (hold \(hold.id))\n")
        } else {
            environment.write("\(hold.patronName) is number \(outcome.place(of: hold.id) ?? 0) in book \(id)'s queue (hold \(hold.id))\n")
        }
    }
}

struct CancelHold: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a hold; a book set aside for it passes to the next.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID
    @Argument(help: "The hold's id.")
    var hold: Hold.ID

    func run(in environment: CommandEnvironment) async throws {
        let (id, hold) = (id, hold)
        let outcome = try await location.withLibrary(in: environment) { library in try await CirculationDesk(library: library).cancelHold(hold, on: id) }
        var line = "cancelled hold \(hold) of book \(id)"
        if let next = outcome.setAside { line += "; set it aside for \(next.patronName) (hold \(next.id))" }
        environment.write(line + "\n")
    }
}
