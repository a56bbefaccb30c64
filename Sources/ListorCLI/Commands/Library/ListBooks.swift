import ArgumentParser
import Foundation
import Library
import ListorKit
import Tagged

struct ListBooks: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the books, searched and filtered by status.")

    @OptionGroup var location: LibraryLocation
    @Option(help: "Words to find in title, author, publisher or categories.")
    var search = ""
    @Option(help: "all, available, on-loan or overdue.")
    var status: BookQuery.Status = .all
    @Option(help: "table or json (the API's format).")
    var format: OutputFormat = .table

    func run(in environment: CommandEnvironment) async throws {
        let query = BookQuery(search: search, status: status)
        if format == .json {
            let books = try await location.withLibrary { library in try await library.books(query) }
            ProblemReport.warn(books.problems, one: "book", many: "books", in: environment)
            environment.write(JSONValue.array(books.items.map { BookJSON.value($0) }).serialized(pretty: true) + "\n")
            return
        }
        let list = try await location.withLibrary { library in try await BookListViewModel.load(query, from: library, now: Date(), timeZone: .current) }
        ProblemReport.warn(list.problems, one: "book", many: "books", in: environment)
        if let empty = list.emptyMessage {
            environment.write(empty + "\n")
            return
        }
        let columns = [TextTable.Column(title: "ID", rightAligned: true), TextTable.Column(title: "TITLE", flexible: true),
                       TextTable.Column(title: "AUTHOR"), TextTable.Column(title: "STATUS")]
        let rows = list.rows.map { [$0.id.description, $0.title, $0.author, $0.status] }
        environment.write(TextTable(columns: columns, rows: rows, width: 100).render() + "\n" + list.summary + "\n")
    }
}
