import ArgumentParser
import ListorCommandKit
import ListorLauncher

/// `listor browse …`: VessBrowser (seed 003), a text web browser whose home is the history of
/// the hosts visited.
package struct BrowseCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: CommandGroup.browse.rawValue,
        abstract: CommandGroup.browse.abstract,
        discussion: """
            listor browse URL opens a page full screen (without a URL, the history); --dump prints it like lynx -dump.
            Keys: a number then Enter follows that link or fills that field; arrows or Tab move between links; space and b page;
            Left or Backspace goes back, Right forward; g opens a URL; / searches, n finds the next; h is the history;
            a bookmarks the page, v lists bookmarks (d removes the one chosen); = shows the page's facts; r reloads; q quits.
            When standard input is not a terminal, the same commands are read a line at a time.
            """,
        subcommands: [BrowsePage.self, BrowseHistory.self, ForgetHistory.self, ListBookmarks.self],
        defaultSubcommand: BrowsePage.self)

    package init() {}
}
