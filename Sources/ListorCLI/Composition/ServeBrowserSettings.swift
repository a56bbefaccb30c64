import TextBrowser

/// How `listor serve`'s reader fetches pages for its visitors.
struct ServeBrowserSettings: Sendable {
    var allowsPrivateAddresses = false
    var allowsLinkLocalAddresses = false
    var searchEngine = SearchEngine.duckDuckGo
    var maximumConcurrentReads = 8
    var maximumReadsPerClient = 2
    /// The caps of the reader: 5 MiB after decompression, connect in 5 s, the whole read in 15 s.
    var maximumSize = 5 << 20
    var connectTimeout = Duration.seconds(5)
    var timeout = Duration.seconds(15)
}

extension ServeBrowserSettings {
    /// What the reader may reach, as `serve` says it when it starts.
    var reach: String {
        switch (allowsPrivateAddresses, allowsLinkLocalAddresses) {
        case (false, false): "public addresses only"
        case (true, false): "public, loopback and private addresses"
        case (false, true): "public and link-local addresses, cloud metadata services included"
        case (true, true): "every address, link-local and cloud metadata services included"
        }
    }
}
