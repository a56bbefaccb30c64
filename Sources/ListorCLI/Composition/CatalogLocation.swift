import Foundation

/// Where a transistor catalog comes from: the bundled one, a file, or an HTTP(S) URL.
enum CatalogLocation: Equatable, Sendable {
    case bundled
    case file(String)
    case url(URL)

    /// `argument` as `option` gives it: nil or empty for the bundled catalog.
    init(argument: String?, option: String = "--catalog") throws(CompositionError) {
        guard let argument, !argument.isEmpty else {
            self = .bundled
            return
        }
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else {
                throw CompositionError("\(option): \"\(argument)\" is not a valid URL")
            }
            self = .url(url)
        } else {
            self = .file(argument)
        }
    }
}
