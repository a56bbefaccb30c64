import Foundation

/// A link's `href` resolved against a base URL, as browsers do with what authors write:
/// surrounding whitespace trimmed, tabs and newlines dropped, spaces and non-ASCII characters
/// percent-encoded.
public enum URLResolver {
    public static func resolve(_ href: String, against base: URL) -> URL? {
        let cleaned = href.trimmingCharacters(in: .whitespacesAndNewlines).filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let encoded = percentEncoded(cleaned)
        if encoded.isEmpty { return base.removingFragment }
        guard let url = URL(string: encoded, relativeTo: base)?.absoluteURL, url.scheme != nil else { return nil }
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
