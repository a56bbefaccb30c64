import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit

struct ShowBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one book: who has it, who waits for it, and its loans.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Book.ID
    @Option(help: "table (text) or json.")
    var format: OutputFormat = .table

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        let detail = try await location.withLibrary(in: environment) { library in try await BookDetailViewModel.load(id, from: library, now: Date(), timeZone: .current) }
        ProblemReport.warn(detail.problems, one: "loan", many: "loans", in: environment)
        if format == .json {
            environment.write(BookJSON.value(detail.book).serialized(pretty: true) + "\n")
            return
        }
        var lines = [detail.book.title, "by \(detail.book.author)", ""]
        lines.append(detail.checkoutText + (detail.dueText.map { ". \($0)" } ?? "") + (detail.renewalText.map { ". \($0)" } ?? ""))
        lines += detail.facts.map { "\($0.label): \($0.value)" }
        if !detail.queue.isEmpty {
            lines += ["", "Holds"] + detail.queueLines.enumerated().map { "  \($0.offset + 1). \($0.element.hold.patronName) · \($0.element.text)" }
        }
        if !detail.history.isEmpty { lines += ["", "Loans"] + detail.history.map { "  " + $0 } }
        environment.write(lines.joined(separator: "\n") + "\n")
    }
}
