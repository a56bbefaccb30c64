import ArgumentParser
import Library
import Tagged

/// `listor library …`: Prolific Library (seed 002) in the terminal, on the local library or
/// on any Prolific-compatible server.
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Who has which book: list, show, add, check out, check in, renew, holds, patrons, delete, history, overdue, import, export.",
        discussion: "Without --server, the library `listor serve` keeps in the data directory (or --library-db).",
        subcommands: [ListBooks.self, ShowBook.self, AddBook.self, CheckOutBook.self, CheckInBook.self, RenewBook.self, HoldsCommand.self, PatronsCommand.self,
                      DeleteBook.self, LoanHistory.self, OverdueLoans.self, RemindersCommand.self, OverdueLetter.self, ImportCSV.self, ExportCSV.self],
        defaultSubcommand: ListBooks.self)
}

extension BookQuery.Status: ExpressibleByArgument {}
extension LibraryCSV.Table: ExpressibleByArgument {}
extension Tagged: @retroactive ExpressibleByArgument where RawValue: ExpressibleByArgument {}
