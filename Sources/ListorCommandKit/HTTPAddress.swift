import Foundation

/// An http or https URL an option names: a catalogue API, an image origin, a library server.
package enum HTTPAddress {
    package static func parse(_ argument: String, option: String) throws(CompositionError) -> URL {
        guard let url = URL(string: argument), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false else {
            throw CompositionError("\(option): \"\(argument)\" is not an http or https URL, e.g. http://127.0.0.1:8080")
        }
        return url
    }
}
