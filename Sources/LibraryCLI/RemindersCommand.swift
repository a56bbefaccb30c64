import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit

extension OutboxMessage.State: ExpressibleByArgument {}

/// `listor library reminders`: the reminders' outbox, what was sent and what failed.
struct RemindersCommand: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "reminders",
                                                    abstract: "The reminders serve has queued by email, and what became of each; exits 1 when any failed for good.")

    @OptionGroup var location: LibraryLocation
    @Option(help: "Only those queued, sent, failed or withdrawn.")
    var state: OutboxMessage.State?
    @Option(help: "table or json (the API's format).")
    var format: OutputFormat = .table
    @Option(help: "Which page, from 1.")
    var page = 1

    func run(in environment: CommandEnvironment) async throws {
        let (state, page, format) = (state, page, format)
        if format == .json {
            let page = try await location.withLibrary(in: environment) { library in try await library.reminders(state, page: page, perPage: 50) }
            environment.write(ReminderJSON.value(page).serialized(pretty: true) + "\n")
            return
        }
        let view: ReminderListViewModel = try await location.withLibrary(in: environment) { library in
            try await ReminderListViewModel.load(state, page: page, from: library, destination: nil, timeZone: .current)
        }
        let counts = view.counts.map { "\($0.count) \($0.state.rawValue)" }.joined(separator: ", ")
        if view.rows.isEmpty {
            environment.write((state.map { "no reminder is \($0.rawValue)" } ?? "no reminder has been queued yet") + " (\(counts))\n")
        } else {
            let columns = [TextTable.Column(title: "QUEUED"), TextTable.Column(title: "KIND"), TextTable.Column(title: "TO", flexible: true),
                           TextTable.Column(title: "SUBJECT", flexible: true, isMain: true), TextTable.Column(title: "STATUS", flexible: true)]
            let rows = view.rows.map { [$0.queued, $0.kind, $0.message.letter.recipient, $0.message.letter.subject, $0.status] }
            environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
            environment.writeError(counts + (view.hasNext ? "; --page \(page + 1) for older ones" : "") + "\n")
        }
        if view.counts.contains(where: { $0.state == OutboxMessage.State.failed && $0.count > 0 }) { throw ExitCode.failure }
    }
}
