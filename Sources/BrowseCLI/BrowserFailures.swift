import ListorCommandKit
import TextBrowser

// What the browser refuses or fails at, said as "error: …" by the command line.
extension BrowserError: CommandFailure {}
extension HistoryError: CommandFailure {}
