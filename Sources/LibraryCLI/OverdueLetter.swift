import ArgumentParser
import Foundation
import Library
import ListorCommandKit

/// `listor library letter PATRON`: the overdue letter for a patron without email, to print.
/// Laid out for a window envelope as `lp` prints text (6 lines and 10 characters an inch, half
/// an inch of top margin): the address block starts 45 mm down and 20 mm in, as DIN 5008 and
/// the US #10 window place it.
struct OverdueLetter: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "letter",
        abstract: "Print a patron's overdue letter (the same words as the email), e.g. | lp; exits 1 when nothing is overdue.",
        discussion: "The patron's postal address shows through a window envelope's window when the page is printed with lp's defaults and folded in three; the return address is --library-address.")

    /// Lines above the address block, and the spaces before it.
    static let linesAbove = 8
    static let indent = String(repeating: " ", count: 6)

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The patron's id.")
    var id: Patron.ID

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let letters = ReminderLetters(returnAddress: try location.settings(environment.variables).returnAddress)
        let letter = try await location.withLibrary(in: environment) { library in
            try await OverdueLetterViewModel.load(id, from: library, letters: letters, now: Date())
        }
        guard !letter.isEmpty else {
            environment.writeError("\(letter.patron.name) has nothing overdue: there is no letter to send\n")
            throw ExitCode.failure
        }
        if letter.lacksAddress {
            environment.writeError("\(letter.patron.name) has no postal address (listor library patrons edit \(letter.patron.id) --address …): hand this letter over\n")
        }
        let window = (letter.returnLine.isEmpty ? [] : [letter.returnLine, ""]) + letter.recipient
        let lines = Array(repeating: "", count: Self.linesAbove) + window.map { $0.isEmpty ? "" : Self.indent + $0 }
            + Array(repeating: "", count: max(12 - window.count, 2)) + [letter.date, "", letter.greeting, ""]
            + letter.paragraphs.flatMap { [$0, ""] } + ["Thank you,", letter.signature]
        environment.write(lines.joined(separator: "\n") + "\n")
    }
}
