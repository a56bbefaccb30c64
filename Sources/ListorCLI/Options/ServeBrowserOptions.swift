import ArgumentParser
import TextBrowser

/// The options of `listor serve` for VessBrowser's reader: which addresses it may reach, where
/// words typed in its address bar are searched, and how many pages it reads at once.
struct ServeBrowserOptions: ParsableArguments {
    @Flag(name: .customLong("browser-allow-private"),
          help: "Let the reader fetch loopback and private addresses too (for a home network, and for tests); off by default, so that visitors cannot reach this server's network through it.")
    var allowPrivate = false
    @Flag(name: .customLong("browser-allow-link-local"),
          help: "Let the reader fetch link-local addresses (169.254.0.0/16, fe80::/10) and the clouds' metadata services (169.254.169.254, fd00:ec2::254, 100.100.100.200, 168.63.129.16), which hold this machine's credentials on a cloud; off even with --browser-allow-private.")
    var allowLinkLocal = false
    @Option(name: .customLong("browser-search-url"),
            help: ArgumentHelp("Where words typed in the reader's address bar are searched, with %s for the words.", valueName: "url"))
    var searchURL = SearchEngine.duckDuckGo.template
    @Option(name: .customLong("browser-max-reads"), help: ArgumentHelp("Pages the reader reads at once for the whole server (1 to 256); more are refused with 503.", valueName: "n"))
    var maximumReads = 8
    @Option(name: .customLong("browser-max-reads-per-client"), help: ArgumentHelp("Of those, how many one client address may have (1 to the above); more are refused with 503.", valueName: "n"))
    var maximumReadsPerClient = 2

    func validate() throws {
        _ = try settings()
    }

    func settings() throws -> ServeBrowserSettings {
        guard let engine = SearchEngine(validating: searchURL) else {
            throw ValidationError("--browser-search-url: \"\(searchURL.prefix(200))\" must be an http or https URL with one %s where the words go, e.g. \(SearchEngine.duckDuckGo.template)")
        }
        guard (1...256).contains(maximumReads) else { throw ValidationError("--browser-max-reads: \(maximumReads) is outside 1 to 256") }
        guard (1...maximumReads).contains(maximumReadsPerClient) else {
            throw ValidationError("--browser-max-reads-per-client: \(maximumReadsPerClient) is outside 1 to \(maximumReads) (--browser-max-reads)")
        }
        return ServeBrowserSettings(allowsPrivateAddresses: allowPrivate, allowsLinkLocalAddresses: allowLinkLocal, searchEngine: engine, maximumConcurrentReads: maximumReads,
                                    maximumReadsPerClient: maximumReadsPerClient)
    }
}
