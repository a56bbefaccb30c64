import ArgumentParser
import Foundation
import Library
import ListorCommandKit

/// `listor library letter PATRON`: the overdue letter for a patron without email, to print.
struct OverdueLetter: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "letter",
                                                    abstract: "Print a patron's overdue letter (the same words as the email), e.g. | lp; exits 1 when nothing is overdue.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The patron's id.")
    var id: Patron.ID

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let letter = try await location.withLibrary(in: environment) { library in
            try await OverdueLetterViewModel.load(id, from: library, letters: ReminderLetters(), now: Date())
        }
        guard !letter.isEmpty else {
            environment.writeError("\(letter.patron.name) has nothing overdue: there is no letter to send\n")
            throw ExitCode.failure
        }
        let lines = [letter.patron.name] + (letter.patron.card.map { ["Card \($0)"] } ?? []) + ["", letter.date, "", letter.greeting, ""]
            + letter.paragraphs.flatMap { [$0, ""] } + ["Thank you,", letter.signature]
        environment.write(lines.joined(separator: "\n") + "\n")
    }
}
