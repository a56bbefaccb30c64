import ArgumentParser
import Foundation
import ListorCommandKit
import TextBrowser
import TextBrowserSQLite

/// `listor browse forget HOST|URL`: a host and all its pages, or one page.
struct ForgetHistory: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "forget", abstract: "Forget a host and its pages, or one page.")

    @Argument(help: "A host's address (docs.python.org) or a page's URL.")
    var target: String

    @OptionGroup var dataDirectory: DataDirectoryOption

    func run(in environment: CommandEnvironment) async throws {
        let store = try BrowserComposition.historyStore(in: dataDirectory.directory(in: environment.variables))
        let list = try await HostListViewModel.load(from: DefaultHostAccessor(store: store), store: store)
        if target.contains("://"), let url = URL(string: target) {
            guard try await list.forgetPage(url) else { throw BrowseFailure("no page \(target) in the history") }
            environment.write("Forgot \(url.removingFragment.absoluteString)\n")
            return
        }
        guard try await list.forget(target) else {
            throw BrowseFailure("no host \"\(target)\" in the history" + BrowseHistory.suggestion(target, among: list.rows.map(\.address)))
        }
        environment.write("Forgot \(target.lowercased()) and its pages\n")
    }
}
