import ArgumentParser
import Library
import ListorCommandKit
import ListorLauncher
import Tagged

/// `listor library …`: Prolific Library (seed 002) in the terminal, on the local library or
/// on any Prolific-compatible server.
package struct LibraryCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: CommandGroup.library.rawValue,
        abstract: CommandGroup.library.abstract,
        discussion: "Without --server, the library `listor serve` keeps in the data directory (or --library-db).",
        subcommands: [ListBooks.self, ShowBook.self, AddBook.self, CheckOutBook.self, CheckInBook.self, RenewBook.self, HoldsCommand.self, PatronsCommand.self,
                      DeleteBook.self, LoanHistory.self, OverdueLoans.self, RemindersCommand.self, OverdueLetter.self, ImportCSV.self, ExportCSV.self],
        defaultSubcommand: ListBooks.self)

    package init() {}
}

extension BookQuery.Status: ExpressibleByArgument {}
extension LibraryCSV.Table: ExpressibleByArgument {}
extension Tagged: @retroactive ExpressibleByArgument where RawValue: ExpressibleByArgument {}
