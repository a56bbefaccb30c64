import ArgumentParser
import ListorCommandKit
import TextBrowser

/// The options of `listor serve` for VessBrowser's reader: where
/// words typed in its address bar are searched, and how many pages it reads at once.
struct ServeBrowserOptions: ParsableArguments {
    @Option(name: .customLong("browser-search-url"),
            help: ArgumentHelp("Where words typed in the reader's address bar are searched, with %s for the words.", valueName: "url"))
    var searchURL = SearchEngine.duckDuckGo.template
    @Option(name: .customLong("browser-max-reads"), help: ArgumentHelp("Pages the reader reads at once for the whole server (1 to 256); more are refused with 503.", valueName: "n"))
    var maximumReads = 8
    @Option(name: .customLong("browser-max-reads-per-client"), help: ArgumentHelp("Of those, how many one client address may have (1 to the above); more are refused with 503.", valueName: "n"))
    var maximumReadsPerClient = 2


    func settings() throws -> ServeBrowserSettings {
        guard let engine = SearchEngine(validating: searchURL) else {
            throw ValidationError("--browser-search-url: \"\(searchURL.prefix(200))\" must be an http or https URL with one %s where the words go, e.g. \(SearchEngine.duckDuckGo.template)")
        }
        guard (1...256).contains(maximumReads) else { throw ValidationError("--browser-max-reads: \(maximumReads) is outside 1 to 256") }
        guard (1...maximumReads).contains(maximumReadsPerClient) else {
            throw ValidationError("--browser-max-reads-per-client: \(maximumReadsPerClient) is outside 1 to \(maximumReads) (--browser-max-reads)")
        }
        return ServeBrowserSettings(searchEngine: engine, maximumConcurrentReads: maximumReads,
                                    maximumReadsPerClient: maximumReadsPerClient)
    }
}
