import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit
import Tagged

struct ListBooks: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the books, searched and filtered by status.")

    @OptionGroup var location: LibraryLocation
    @Option(help: "Words to find in title, author, publisher or categories.")
    var search = ""
    @Option(help: "all, available (on the shelf for anyone), on-hold-shelf (set aside for a patron), on-loan or overdue.")
    var status: BookQuery.Status = .all
    @Option(help: "table or json (the API's format).")
    var format: OutputFormat = .table
    @Option(help: "Which page of the matching books to show, from 1; a table shows the first unless told, JSON every book.")
    var page: Int?
    @Option(help: "Books to a page, 1 to \(BookPage.maximumSize).")
    var perPage = BookPage.defaultSize

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page must be 1 or more, not \(page)") }
        guard (1...BookPage.maximumSize).contains(perPage) else { throw ValidationError("--per-page must be from 1 to \(BookPage.maximumSize), not \(perPage)") }
    }

    func run(in environment: CommandEnvironment) async throws {
        let query = BookQuery(search: search, status: status)
        if format == .json {
            let books = try await location.withLibrary(in: environment) { library in
                guard let page else { return try await library.books(query) }
                let found = try await library.books(query, page: page, perPage: perPage)
                return PartialResult(items: found.books, problems: found.problems)
            }
            ProblemReport.warn(books.problems, one: "book", many: "books", in: environment)
            environment.write(JSONValue.array(books.items.map { BookJSON.value($0) }).serialized(pretty: true) + "\n")
            return
        }
        let list = try await location.withLibrary(in: environment) { library in
            try await BookListViewModel.load(query, page: page ?? 1, perPage: perPage, from: library, now: Date(), timeZone: .current)
        }
        ProblemReport.warn(list.problems, one: "book", many: "books", in: environment)
        if let empty = list.emptyMessage {
            environment.write(empty + "\n")
            return
        }
        let columns = [TextTable.Column(title: "ID", rightAligned: true), TextTable.Column(title: "TITLE", flexible: true, isMain: true),
                       TextTable.Column(title: "AUTHOR", flexible: true), TextTable.Column(title: "STATUS", flexible: true)]
        let rows = list.rows.map { [$0.id.description, $0.title, $0.author, $0.status] }
        var summary = list.summary
        if let next = list.nextPage { summary += "; page \(list.pageNumber) of \(list.pageCount), --page \(next) for the next" }
        environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n" + summary + "\n")
    }
}
