import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit
import Tagged

/// `listor library patrons …`: the library's patrons.
struct PatronsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "patrons", abstract: "The library's patrons: list, show, add, edit, merge.",
                                                    subcommands: [ListPatrons.self, ShowPatron.self, AddPatron.self, EditPatron.self, MergePatrons.self, DeletePatron.self],
                                                    defaultSubcommand: ListPatrons.self)
}

/// The fields of a patron, for `add` and `edit`.
struct PatronFieldOptions: ParsableArguments {
    @Option(help: "The patron's name.")
    var name: String?
    @Option(help: "Their library card's number (letters, digits and dashes).")
    var card: String?
    @Option(help: "Their email address, for reminders.")
    var email: String?
    @Option(help: "Their phone number.")
    var phone: String?
    @Option(help: "Notes.")
    var notes: String?
    @Option(help: ArgumentHelp("Their postal address, for printed letters: lines apart with \\n or a newline (\"12 Elm St\\nSpringfield\"), at most 5 of 50 characters; \"\" for none.",
                               valueName: "address"))
    var address: String?
    @Option(help: "Their category, whose loan rules are theirs (--library-category); \"\" for none.")
    var category: String?
    @Flag(inversion: .prefixedEnableDisable, help: "Reminders by email.")
    var reminders: Bool?

    var form: PatronForm {
        PatronForm(name: name, card: card, email: email, phone: phone, notes: notes, address: address?.replacingOccurrences(of: "\\n", with: "\n"),
                   category: category, remindersOff: reminders.map { !$0 })
    }
}

/// A refusal of a patron's fields as the command line says it: each field as its option.
private func optionErrors(_ error: FieldErrors) -> ValidationError {
    ValidationError(error.errors.map { "--\($0.field): \($0.message)" }.joined(separator: "\n"))
}

struct ListPatrons: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the patrons, by name.")

    @OptionGroup var location: LibraryLocation
    @Option(help: "Words to find in the name, card, email or phone.")
    var search = ""
    @Option(help: "table or json (the API's format).")
    var format: OutputFormat = .table
    @Option(help: "Which page, from 1.")
    var page = 1

    func run(in environment: CommandEnvironment) async throws {
        let (search, page) = (search, page)
        let patrons = try await location.withLibrary(in: environment) { library in try await library.patrons(search: search, page: page, perPage: 50) }
        if format == .json {
            environment.write(JSONValue.array(patrons.map(CirculationJSON.value)).serialized(pretty: true) + "\n")
            return
        }
        guard !patrons.isEmpty else {
            environment.write(search.isEmpty ? "the library has no patrons yet\n" : "no patron matches \"\(search)\"\n")
            return
        }
        let columns = [TextTable.Column(title: "ID", rightAligned: true), TextTable.Column(title: "NAME", flexible: true, isMain: true),
                       TextTable.Column(title: "CARD"), TextTable.Column(title: "EMAIL", flexible: true), TextTable.Column(title: "PHONE", flexible: true)]
        let rows = patrons.map { [$0.id.description, $0.name, $0.card ?? "", $0.email ?? "", $0.phone ?? ""] }
        environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
        if patrons.count == 50 { environment.write("page \(page); --page \(page + 1) for the next\n") }
    }
}

struct ShowPatron: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "A patron: their record, what they have, what they have had, their holds.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The patron's id.")
    var id: Patron.ID

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let view = try await location.withLibrary(in: environment) { library in try await PatronViewModel.load(id, from: library, now: Date(), timeZone: .current) }
        let patron = view.patron
        var lines = ["\(patron.name) (patron \(patron.id))"]
        for (label, value) in [("Card", patron.card), ("Category", view.category), ("Email", patron.email), ("Phone", patron.phone),
                               ("Address", patron.address?.split(separator: "\n").joined(separator: ", ")), ("Notes", patron.notes)] {
            if let value { lines.append("\(label): \(value)") }
        }
        if patron.remindersOff { lines.append("No reminders by email") }
        lines.append("")
        lines.append(view.current.isEmpty ? "Has no books out." : "Has \(view.current.count) \(view.current.count == 1 ? "book" : "books") out:")
        for loan in view.current {
            lines.append("  book \(loan.bookID), since \(loan.checkedOut), due \(loan.due)\(loan.isOverdue ? " (overdue)" : "")\(loan.renewals > 0 ? ", renewed \(loan.renewals)×" : "")")
        }
        if !view.holds.isEmpty {
            lines.append("Holds:")
            for row in view.holds { lines.append("  hold \(row.hold.id) on book \(row.hold.bookID): \(row.state)") }
        }
        if !view.past.isEmpty { lines.append("Has had \(view.past.count) \(view.past.count == 1 ? "book" : "books") before.") }
        environment.write(lines.joined(separator: "\n") + "\n")
    }
}

struct AddPatron: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a patron.")

    @OptionGroup var location: LibraryLocation
    @OptionGroup var fields: PatronFieldOptions

    func run(in environment: CommandEnvironment) async throws {
        let form = fields.form
        do {
            let patron = try await location.withLibrary(in: environment) { library in try await CirculationDesk(library: library).addPatron(form) }
            environment.write("added patron \(patron.id): \(patron.name)\(patron.card.map { ", card \($0)" } ?? "")\n")
        } catch let error as FieldErrors {
            throw optionErrors(error)
        }
    }
}

struct EditPatron: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a patron's record: the options given, the rest as they are.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The patron's id.")
    var id: Patron.ID
    @OptionGroup var fields: PatronFieldOptions

    func run(in environment: CommandEnvironment) async throws {
        let (id, form) = (id, fields.form)
        do {
            let patron = try await location.withLibrary(in: environment) { library in
                let current = try await library.patron(id: id)
                return try await CirculationDesk(library: library).editPatron(id: id, form.changing(current), ifVersion: current.version)
            }
            environment.write("changed patron \(patron.id): \(patron.name)\n")
        } catch let error as FieldErrors {
            throw optionErrors(error)
        }
    }
}

struct MergePatrons: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "merge", abstract: "Make two records of one person one: the other's loans and holds become this one's.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The patron to keep.")
    var id: Patron.ID
    @Option(help: "The patron whose record is merged into it, and deleted.")
    var from: Patron.ID

    func run(in environment: CommandEnvironment) async throws {
        let (id, from) = (id, from)
        do {
            let patron = try await location.withLibrary(in: environment) { library in try await CirculationDesk(library: library).mergePatrons(keep: id, merge: from) }
            environment.write("merged patron \(from) into patron \(patron.id) (\(patron.name))\n")
        } catch let error as FieldErrors {
            throw optionErrors(error)
        }
    }
}

struct DeletePatron: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a patron who has no books out and no holds.",
                                                    discussion: "Their past loans stay, under their name. Asks for --yes, since it cannot be undone.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The patron's id.")
    var id: Patron.ID
    @Flag(help: "Delete without asking.")
    var yes = false

    func run(in environment: CommandEnvironment) async throws {
        let (id, yes) = (id, yes)
        try await location.withLibrary(in: environment) { library in
            let patron = try await library.patron(id: id)
            guard yes else {
                environment.writeError("this would delete patron \(id) (\(patron.name)); run again with --yes to delete them\n")
                throw ExitCode.validationFailure
            }
            try await CirculationDesk(library: library).deletePatron(id: id)
            environment.write("deleted patron \(id) (\(patron.name))\n")
        }
    }
}
