import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import TextBrowser

/// `listor browse history [HOST]`: the hosts visited (the seed's home screen), or one host's pages.
struct BrowseHistory: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "List the hosts visited, or the pages of one host.")

    @Argument(help: "A host's address (docs.python.org): list its pages, newest first.")
    var host: String?

    @Option(help: ArgumentHelp("Only hosts or pages whose name, title or URL contains this.", valueName: "text"))
    var search: String?

    @Option(help: "priority (the seed's order: priority, then last visit) or last-visit.")
    var sort: HostListViewModel.Order = .priority

    @Option(help: "table (text) or json.")
    var format: OutputFormat = .table

    @OptionGroup var dataDirectory: DataDirectoryOption

    func run(in environment: CommandEnvironment) async throws {
        let store = try BrowserComposition.historyStore(in: dataDirectory.directory(in: environment.variables))
        if let host {
            try await showPages(of: host, store: store, environment: environment)
        } else {
            var list = try await HostListViewModel.load(from: DefaultHostAccessor(store: store), store: store)
            list.sort(by: sort)
            if let search { list.search(search) }
            if format == .json {
                environment.write(JSONValue.array(list.rows.map(HistoryJSON.value)).serialized(pretty: true) + "\n")
            } else if list.rows.isEmpty {
                environment.write(list.emptyText + "\n")
            } else {
                let rows = list.rows.map { [$0.name, $0.address, String($0.visits), String($0.priority), Self.date($0.lastVisit), $0.lastTitle] }
                let table = TextTable(columns: [.init(title: "NAME", flexible: true, isMain: true), .init(title: "ADDRESS", flexible: true),
                                                .init(title: "VISITS", rightAligned: true), .init(title: "PRIORITY", rightAligned: true), .init(title: "LAST VISIT"),
                                                .init(title: "LAST TITLE", flexible: true)],
                                      rows: rows, width: environment.columns)
                environment.write(table.render() + "\n")
            }
        }
    }

    private func showPages(of address: String, store: any HistoryStore, environment: CommandEnvironment) async throws {
        let hosts = try await DefaultHostAccessor(store: store).all()
        guard let host = hosts.first(where: { $0.address == address.lowercased() }) else {
            throw BrowseFailure("no host \"\(address)\" in the history" + Self.suggestion(address, among: hosts.map(\.address)))
        }
        var pages = try await HostPagesViewModel.load(host, from: DefaultPageAccessor(store: store), store: store)
        if let search { pages.search(search) }
        if format == .json {
            environment.write(JSONValue.array(pages.pages.map(HistoryJSON.value)).serialized(pretty: true) + "\n")
        } else if pages.pages.isEmpty {
            environment.write(pages.emptyText + "\n")
        } else {
            let rows = pages.pages.map { [Self.date($0.lastVisit), String($0.visitCount), $0.displayTitle, $0.url.absoluteString] }
            let table = TextTable(columns: [.init(title: "LAST VISIT"), .init(title: "VISITS", rightAligned: true), .init(title: "TITLE", flexible: true, isMain: true),
                                            .init(title: "URL", flexible: true)],
                                  rows: rows, width: environment.columns)
            environment.write(pages.title + "\n\n" + table.render() + "\n")
        }
    }

    static func suggestion(_ address: String, among addresses: [String]) -> String {
        let close = ClosestMatches.to(address, in: addresses, limit: 3)
        return close.isEmpty ? "" : ". Did you mean \(close.joined(separator: ", "))?"
    }

    static func date(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon))
    }
}

extension HostListViewModel.Order: ExpressibleByArgument {}

/// A `listor browse` command's refusal, as one line.
struct BrowseFailure: CommandFailure, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
