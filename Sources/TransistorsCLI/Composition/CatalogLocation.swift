import Foundation
import ListorCommandKit

/// Where a transistor catalog comes from: a file, an HTTP(S) URL, or the bundled catalog, by the
/// word `bundled`, to merge it with others (a file of that name is `./bundled`). Naming none
/// means the bundled catalog.
package enum CatalogLocation: Equatable, Sendable {
    case file(String)
    case url(URL)
    case bundled

    /// Every catalog `arguments` name, in order, a folder standing for its KiCad libraries;
    /// none for the bundled catalog.
    package static func list(_ arguments: [String], option: String = "--catalog") throws(CompositionError) -> [CatalogLocation] {
        var locations: [CatalogLocation] = []
        for argument in arguments where !argument.isEmpty {
            let location = try CatalogLocation(argument: argument, option: option)
            var isDirectory: ObjCBool = false
            guard case .file(let path) = location, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                locations.append(location)
                continue
            }
            let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { [".kicad_sym", ".lib", ".mod"].contains(where: $0.lowercased().hasSuffix) }.sorted()
            guard !libraries.isEmpty else { throw CompositionError("\(option): the folder \(path) holds no KiCad symbol library (.kicad_sym) or SPICE model library (.lib, .mod)") }
            locations += libraries.map { .file((path as NSString).appendingPathComponent($0)) }
        }
        return locations
    }

    /// How reports name it: the file's name, or the URL.
    var name: String {
        switch self {
        case .file(let path): (path as NSString).lastPathComponent
        case .url(let url): url.absoluteString
        case .bundled: "the bundled catalog"
        }
    }

    /// `argument` as `option` gives it.
    init(argument: String, option: String = "--catalog") throws(CompositionError) {
        let lowered = argument.lowercased()
        if argument == "bundled" {
            self = .bundled
        } else if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else {
                throw CompositionError("\(option): \"\(argument)\" is not a valid URL")
            }
            self = .url(url)
        } else {
            self = .file(argument)
        }
    }
}
