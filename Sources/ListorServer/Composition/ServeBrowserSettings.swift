import ListorCommandKit
import StellaCLI
import TextBrowser

/// How `listor serve`'s reader fetches pages for its visitors (where it may go is `OutboundReach`).
struct ServeBrowserSettings: Sendable {
    var searchEngine = SearchEngine.duckDuckGo
    var maximumConcurrentReads = 8
    var maximumReadsPerClient = 2
    /// The caps of the reader: 5 MiB after decompression, connect in 5 s, the whole read in 15 s.
    var maximumSize = 5 << 20
    var connectTimeout = Duration.seconds(5)
    var timeout = Duration.seconds(15)
}
