import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import TextBrowser

/// `listor browse bookmarks`: the pages kept with `a`, newest first; `--remove URL` removes one.
struct ListBookmarks: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "bookmarks", abstract: "List the bookmarks, or remove one.")

    @Option(help: "table (text) or json.")
    var format: OutputFormat = .table

    @Option(help: ArgumentHelp("Remove the bookmark of this address (as the list shows it) instead of listing them.", valueName: "url"))
    var remove: String?

    @OptionGroup var dataDirectory: DataDirectoryOption

    func run(in environment: CommandEnvironment) async throws {
        let store = try BrowserComposition.historyStore(in: dataDirectory.directory(in: environment.variables))
        let bookmarks = try await BookmarksViewModel.load(from: store)
        if let remove {
            let unknown = "no bookmark has the address \(remove)" + BrowseHistory.suggestion(remove, among: bookmarks.bookmarks.map(\.url.absoluteString))
            guard let kept = bookmarks.bookmark(address: remove) else { throw BrowseFailure(unknown) }
            guard try await bookmarks.delete(kept) else { throw BrowseFailure(unknown) }
            environment.write("removed the bookmark of \(kept.title) (\(kept.url.absoluteString))\n")
            return
        }
        if format == .json {
            let values = bookmarks.bookmarks.map { JSONValue.members([("url", .string($0.url.absoluteString)), ("title", .string($0.title)), ("added", .date($0.added))]) }
            environment.write(JSONValue.array(values).serialized(pretty: true) + "\n")
        } else if bookmarks.bookmarks.isEmpty {
            environment.write(bookmarks.emptyText + "\n")
        } else {
            let rows = bookmarks.bookmarks.map { [BrowseHistory.date($0.added), $0.title, $0.url.absoluteString] }
            environment.write(TextTable(columns: [.init(title: "ADDED"), .init(title: "TITLE", flexible: true, isMain: true), .init(title: "URL", flexible: true)], rows: rows,
                                        width: environment.columns).render() + "\n")
        }
    }
}
