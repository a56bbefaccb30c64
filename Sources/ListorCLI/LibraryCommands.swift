import ArgumentParser
import Foundation
import Library
import ListorHTTPClient
import ListorKit

/// `listor library …`: Prolific Library (seed 002) in the terminal, on the local library or
/// on any Prolific-compatible server.
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Who has which book: list, show, add, check out, check in, delete, history, overdue, import, export.",
        discussion: "Without --server, the library `listor serve` keeps in the data directory (or --library-db).",
        subcommands: [ListBooks.self, ShowBook.self, AddBook.self, CheckOutBook.self, CheckInBook.self, DeleteBook.self, LoanHistory.self, OverdueLoans.self,
                      ImportCSV.self, ExportCSV.self],
        defaultSubcommand: ListBooks.self)
}

/// Where the library is: a server, or the local store.
struct LibraryLocation: ParsableArguments {
    @Option(help: ArgumentHelp("A Prolific-compatible API, e.g. http://127.0.0.1:8080/library/api.", valueName: "url"))
    var server: String?
    @Option(help: ArgumentHelp("The local library's PostgreSQL database (default: library.sqlite in the data directory).", valueName: "url"))
    var libraryDB: String?
    @Option(help: ArgumentHelp("The data directory of the local library.", valueName: "directory"))
    var dataDir: String?
    @Option(help: ArgumentHelp("The server's admin token, for delete; also $LISTOR_LIBRARY_ADMIN_TOKEN.", valueName: "token"))
    var adminToken: String?

    func validate() throws {
        if let server {
            guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw ValidationError("--server: \"\(server)\" is not an http:// or https:// URL")
            }
            if libraryDB != nil { throw ValidationError("--server and --library-db name two libraries; give one") }
        }
        _ = try LibraryDatabase(argument: libraryDB, dataDirectory: "")
    }

    /// Runs `body` with the library service this names; clients and connections close afterwards.
    func withService<T: Sendable>(_ environment: CommandEnvironment, _ body: @Sendable (any LibraryService) async throws -> T) async throws -> T {
        if let server, let url = URL(string: server) {
            let token = adminToken ?? ProcessInfo.processInfo.environment["LISTOR_LIBRARY_ADMIN_TOKEN"]
            return try await withLiveHTTPTransport { transport in
                try await body(RemoteLibrary(baseURL: url, transport: transport, adminToken: token))
            }
        }
        let directory = dataDir ?? ServeCommand.defaultDataDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try await LibraryDatabase(argument: libraryDB, dataDirectory: directory).withStore(environment) { store in
            try await body(LocalLibrary(store: store))
        }
    }
}

extension ListorCommand {
    /// Runs `body` on the library, turning its refusals into one line on standard error and exit 1.
    func onLibrary(_ location: LibraryLocation, _ environment: CommandEnvironment, _ body: @Sendable (any LibraryService) async throws -> Void) async throws {
        do {
            try await location.withService(environment, body)
        } catch let error as FieldErrors {
            for problem in error.errors { environment.writeError("error: \(problem)\n") }
            throw ExitCode.failure
        } catch let error as LibraryError {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        } catch let error as RemoteLibraryError {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        } catch let error as NetworkError {
            environment.writeError("error: \(error)\n")
            throw ExitCode.failure
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

extension BookQuery.Status: ExpressibleByArgument {}

// MARK: - list, show

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
        let (search, status, format) = (search, status, format)
        try await onLibrary(location, environment) { library in
            let query = BookQuery(search: search, status: status)
            let books = try await library.books(query)
            if format == .json {
                environment.write(JSONValue.array(books.map(BookJSON.value)).serialized(pretty: true) + "\n")
                return
            }
            let total = query == BookQuery() ? books.count : try await library.books(BookQuery()).count
            let list = BookListViewModel(books: books, total: total, query: query, now: Date(), timeZone: .current)
            if let empty = list.emptyMessage {
                environment.write(empty + "\n")
                return
            }
            let rows = list.rows.map { ["\($0.id)", $0.title, $0.author, $0.status] }
            let columns = [TextTable.Column(title: "ID", rightAligned: true), TextTable.Column(title: "TITLE", flexible: true),
                           TextTable.Column(title: "AUTHOR"), TextTable.Column(title: "STATUS")]
            environment.write(TextTable(columns: columns, rows: rows, width: 100).render() + "\n" + list.summary + "\n")
        }
    }
}

struct ShowBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one book: who has it, and its loans.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Int64
    @Option(help: "table (text) or json.")
    var format: OutputFormat = .table

    func run(in environment: CommandEnvironment) async throws {
        let (id, format) = (id, format)
        try await onLibrary(location, environment) { library in
            let book = try await library.book(id: id)
            if format == .json {
                environment.write(BookJSON.value(book).serialized(pretty: true) + "\n")
                return
            }
            let detail = BookDetailViewModel(book: book, loans: try await library.loans(.book(id)), now: Date(), timeZone: .current)
            var lines = [book.title, "by \(book.author)", ""]
            lines.append(detail.checkoutText + (detail.dueText.map { ". \($0)" } ?? ""))
            for (label, value) in [("Publisher", book.publisher), ("Categories", book.categories), ("ISBN", book.isbn)] {
                if let value { lines.append("\(label): \(value)") }
            }
            if !detail.history.isEmpty { lines += ["", "Loans"] + detail.history.map { "  " + $0 } }
            environment.write(lines.joined(separator: "\n") + "\n")
        }
    }
}

// MARK: - add, checkout, checkin, delete

struct AddBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a book; title and author are required.")

    @OptionGroup var location: LibraryLocation
    @Option var title: String
    @Option var author: String
    @Option var publisher = ""
    @Option(help: "Comma separated.")
    var categories = ""
    @Option(help: "ISBN-10 or ISBN-13, hyphens allowed.")
    var isbn = ""

    func run(in environment: CommandEnvironment) async throws {
        let form = BookForm(title: title, author: author, publisher: publisher, categories: categories, isbn: isbn)
        try await onLibrary(location, environment) { library in
            let book = try await library.add(form)
            environment.write("added book \(book.id): \(book.title)\n")
        }
    }
}

struct CheckOutBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "checkout", abstract: "Check a book out to someone.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Int64
    @Option(name: .customLong("to"), help: "Who is checking it out.")
    var borrower: String

    func run(in environment: CommandEnvironment) async throws {
        let (id, borrower) = (id, borrower)
        try await onLibrary(location, environment) { library in
            let book = try await library.checkOut(id: id, borrower: borrower, ifVersion: nil)
            let due = book.loan.map { ", due " + BookDates.day($0.due, timeZone: .current) } ?? ""
            environment.write("checked out book \(book.id) (\(book.title)) to \(book.loan?.borrower ?? borrower)\(due)\n")
        }
    }
}

struct CheckInBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "checkin", abstract: "Check a book back in.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Int64

    func run(in environment: CommandEnvironment) async throws {
        let id = id
        try await onLibrary(location, environment) { library in
            let book = try await library.checkIn(id: id)
            environment.write("checked in book \(book.id) (\(book.title))\n")
        }
    }
}

struct DeleteBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a book and its loans.",
                                                    discussion: "Asks for --yes, since it cannot be undone.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Int64
    @Flag(help: "Delete without asking.")
    var yes = false

    func run(in environment: CommandEnvironment) async throws {
        let (id, yes) = (id, yes)
        try await onLibrary(location, environment) { library in
            let book = try await library.book(id: id)
            guard yes else {
                environment.writeError("this would delete book \(id) (\(book.title)) and its loans; run again with --yes to delete it\n")
                throw ExitCode.validationFailure
            }
            try await library.delete(id: id, ifVersion: book.version)
            environment.write("deleted book \(id) (\(book.title))\n")
        }
    }
}

// MARK: - history, overdue

func loanTable(_ loans: [Loan], titles: [Int64: String]) -> String {
    let rows = loans.map { loan in
        [titles[loan.bookID] ?? "book \(loan.bookID)", loan.borrower, BookDates.long(loan.checkedOut, timeZone: .current),
         BookDates.day(loan.due, timeZone: .current), loan.returned.map { BookDates.long($0, timeZone: .current) } ?? "still out"]
    }
    let columns = [TextTable.Column(title: "BOOK", flexible: true), TextTable.Column(title: "BORROWER"), TextTable.Column(title: "OUT"),
                   TextTable.Column(title: "DUE"), TextTable.Column(title: "RETURNED")]
    return TextTable(columns: columns, rows: rows, width: 120).render()
}

struct LoanHistory: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "The loans of a book, or of a borrower, newest first.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "The book's id.")
    var id: Int64?
    @Option(help: "A borrower's name, instead of a book.")
    var borrower: String?

    func validate() throws {
        if (id == nil) == (borrower == nil) { throw ValidationError("give a book id or --borrower NAME") }
    }

    func run(in environment: CommandEnvironment) async throws {
        let (id, borrower) = (id, borrower)
        try await onLibrary(location, environment) { library in
            let loans = try await library.loans(id.map(LoanSelection.book) ?? .borrower(borrower ?? ""))
            guard !loans.isEmpty else {
                environment.write(id != nil ? "book \(id ?? 0) has never been checked out\n" : "\(borrower ?? "") has borrowed nothing\n")
                return
            }
            let titles = Dictionary(try await library.books(BookQuery()).map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            environment.write(loanTable(loans, titles: titles) + "\n")
        }
    }
}

struct OverdueLoans: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "overdue", abstract: "List overdue loans; exits 1 when there are any, for cron.")

    @OptionGroup var location: LibraryLocation

    func run(in environment: CommandEnvironment) async throws {
        try await onLibrary(location, environment) { library in
            let loans = try await library.overdue()
            guard !loans.isEmpty else {
                environment.write("nothing is overdue\n")
                return
            }
            let titles = Dictionary(try await library.books(BookQuery()).map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            environment.write(loanTable(loans, titles: titles) + "\n")
            environment.writeError("\(loans.count) overdue \(loans.count == 1 ? "loan" : "loans")\n")
            throw ExitCode.failure
        }
    }
}

// MARK: - import, export

enum LibraryTable: String, ExpressibleByArgument, CaseIterable {
    case books, loans
}

struct ImportCSV: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add books or loans from a CSV file.",
        discussion: """
            Books need the columns title and author (publisher, categories, isbn optional); loans need
            bookId, borrower, checkedOut and due (returned optional), dates as yyyy-MM-dd HH:mm:ss in UTC,
            as `export` writes them. Good rows are added; each bad one is reported by line, and the
            command then exits 1.
            """)

    @OptionGroup var location: LibraryLocation
    @Argument(help: "books or loans.")
    var table: LibraryTable
    @Argument(help: "The CSV file.")
    var file: String

    func run(in environment: CommandEnvironment) async throws {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw ValidationError("cannot read \(file) as UTF-8 text: \(error.localizedDescription)")
        }
        let table = table
        try await onLibrary(location, environment) { library in
            let report: ImportReport
            do {
                report = table == .books ? try await library.importBooks(text) : try await library.importLoans(text)
            } catch let error as CSVImportError {
                environment.writeError("error: \(file): \(error)\n")
                throw ExitCode.failure
            }
            environment.write("imported \(report.imported) \(report.imported == 1 ? String(table.rawValue.dropLast()) : table.rawValue) from \(file)\n")
            for problem in report.problems { environment.writeError("\(file): \(problem)\n") }
            if report.problems.contains(where: { $0.line > 1 }) { throw ExitCode.failure }
        }
    }
}

struct ExportCSV: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the books or the loans as CSV.")

    @OptionGroup var location: LibraryLocation
    @Argument(help: "books or loans.")
    var table: LibraryTable
    @Option(name: .shortAndLong, help: ArgumentHelp("A file to write (default: standard output).", valueName: "file"))
    var output: String?

    func run(in environment: CommandEnvironment) async throws {
        let (table, output) = (table, output)
        try await onLibrary(location, environment) { library in
            let text = table == .books ? try await library.exportBooks() : try await library.exportLoans()
            guard let output else {
                environment.write(text)
                return
            }
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                environment.writeError("error: cannot write \(output): \(error.localizedDescription)\n")
                throw ExitCode.failure
            }
        }
    }
}
