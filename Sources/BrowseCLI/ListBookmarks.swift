import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import TextBrowser

/// `listor browse bookmarks`: the pages kept with `a`, newest first.
struct ListBookmarks: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "bookmarks", abstract: "List the bookmarks.")

    @Option(help: "table (text) or json.")
    var format: OutputFormat = .table

    @OptionGroup var dataDirectory: DataDirectoryOption

    func run(in environment: CommandEnvironment) async throws {
        let bookmarks = try await BookmarksViewModel.load(from: BrowserComposition.historyStore(in: dataDirectory.directory(in: environment.variables)))
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
