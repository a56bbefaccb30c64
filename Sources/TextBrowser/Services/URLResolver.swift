import Foundation

/// A link's `href` resolved against a base URL, as browsers do with what authors write:
/// surrounding whitespace trimmed, tabs and newlines dropped, spaces and non-ASCII characters
/// percent-encoded.
public enum URLResolver {
    public static func resolve(_ href: String, against base: URL) -> URL? {
        let cleaned = href.trimmingCharacters(in: .whitespacesAndNewlines).filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let encoded = percentEncoded(cleaned)
        if encoded.isEmpty { return base.removingFragment }
        // "#" alone is the page itself, as browsers show it.
        if encoded == "#" { return base.removingFragment }
        // An absolute URL is parsed alone: resolved against a base, Foundation escapes a
        // mailto:'s "@".
        let isAbsolute = encoded.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.\-]*:/) != nil
        guard let url = isAbsolute ? URL(string: encoded) : URL(string: encoded, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased() else { return nil }
        // As the URL Standard parses them: a web URL with no path has the path "/".
        if ["http", "https", "ftp", "ws", "wss"].contains(scheme), url.path.isEmpty, url.host != nil,
           var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.percentEncodedPath = "/"
            return components.url ?? url
        }
        return url
    }

    /// Percent-encodes what `URL(string:)` refuses, leaving everything already valid alone.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x21, 0x23...0x3B, 0x3D, 0x3F...0x5A, 0x5F, 0x61...0x7A, 0x7E:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case 0x5B, 0x5D:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}

extension URL {
    /// The URL without its `#fragment`.
    public var removingFragment: URL {
        guard fragment != nil, var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        components.fragment = nil
        return components.url ?? self
    }
}
