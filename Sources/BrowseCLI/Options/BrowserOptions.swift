import ArgumentParser
import ListorCommandKit
import TextBrowser

/// The options every `listor browse` command shares.
struct BrowserOptions: ParsableArguments {
    @OptionGroup var dataDirectory: DataDirectoryOption

    @Option(help: ArgumentHelp("Columns to lay pages out in (default: the terminal's width, or 80).", valueName: "n"))
    var width: Int?

    @Flag(help: "Show each page's article alone, as a reader view does (the whole page when none is found).")
    var reader = false

    @Flag(name: .customLong("no-history"), help: "Do not record the pages visited.")
    var noHistory = false

    @Option(help: ArgumentHelp("Read pages in this character set, whatever they say (utf-8, windows-1252, shift_jis, …).", valueName: "name"))
    var charset: String?

    @Option(help: ArgumentHelp("Seconds a page may take to arrive.", valueName: "seconds"))
    var timeout: Int = 30

    @Option(name: .customLong("max-size"), help: ArgumentHelp("The largest page read, in bytes, after decompression.", valueName: "bytes"))
    var maximumSize: Int = 5 << 20

    func validate() throws {
        if let width, !(20...1000).contains(width) { throw ValidationError("--width must be between 20 and 1000, not \(width)") }
        if let charset, Charset(label: charset) == nil { throw ValidationError("--charset: \"\(charset)\" is not a character set this browser knows") }
        if !(1...3600).contains(timeout) { throw ValidationError("--timeout must be between 1 and 3600 seconds, not \(timeout)") }
        if !(1024...(1 << 30)).contains(maximumSize) { throw ValidationError("--max-size must be between 1024 and 1073741824 bytes, not \(maximumSize)") }
    }

    func settings(defaultWidth: Int, in environment: CommandEnvironment) -> BrowserSettings {
        var settings = BrowserSettings(dataDirectory: dataDirectory.directory(in: environment.variables))
        settings.keepsHistory = !noHistory
        settings.width = width ?? defaultWidth
        settings.articleOnly = reader
        settings.timeout = .seconds(timeout)
        settings.maximumSize = maximumSize
        settings.charset = charset.flatMap(Charset.init(label:))
        return settings
    }
}
