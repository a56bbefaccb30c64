import Foundation

/// A link's `href` resolved against a base URL, as browsers do with what authors write:
/// surrounding whitespace trimmed, tabs and newlines dropped, spaces and non-ASCII characters
/// percent-encoded.
public enum URLResolver {
    /// A base URL with what resolving against it needs worked out once, for a page's many links.
    public struct Base: Sendable {
        public let url: URL
        /// The URL without its fragment, as text.
        let withoutFragment: String
        /// Up to and including the last "/" of the path, when the URL is hierarchical (a host, or
        /// a local file) and has no query to drop first; nil otherwise.
        let directory: String?

        public init(_ url: URL) {
            self.url = url
            let text = url.absoluteString
            withoutFragment = text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
            if url.host != nil || url.isFileURL, !withoutFragment.contains("?"), let slash = withoutFragment.lastIndex(of: "/"),
               withoutFragment[..<slash].contains("//") {
                directory = String(withoutFragment[...slash])
            } else {
                directory = nil
            }
        }
    }

    /// `href` against `base`, as the text of an absolute URL that `URL(string:)` takes.
    ///
    /// The common cases (a fragment, a plain relative path) are joined as text, without
    /// parsing: they are made only of characters a URL may hold as they are, with no `%`,
    /// no second `#`, no dot segment and no scheme, so the joined text is the URL that
    /// Foundation's resolution would give. Everything else goes through that resolution.
    public static func target(of href: String, against base: Base) -> String? {
        let utf8 = href.utf8
        guard let first = utf8.first, isPlain(utf8) else { return resolve(href, against: base.url)?.absoluteString }
        if first == UInt8(ascii: "#"), utf8.count > 1 {
            return base.withoutFragment + href
        }
        if let directory = base.directory, first != UInt8(ascii: "#"), first != UInt8(ascii: "/"), first != UInt8(ascii: "."),
           first != UInt8(ascii: "?"), !utf8.contains(0x3A) {
            return directory + href
        }
        return resolve(href, against: base.url)?.absoluteString
    }

    /// Allowed bytes only, no `%` (which must be followed by two hex digits), no `/.` (a dot
    /// segment, perhaps), and at most one `#`.
    private static func isPlain(_ bytes: String.UTF8View) -> Bool {
        var fragments = 0
        var previous: UInt8 = 0
        for byte in bytes {
            guard isAllowed(byte), byte != UInt8(ascii: "%"), byte != UInt8(ascii: "["), byte != UInt8(ascii: "]") else { return false }
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") { return false }
            if byte == UInt8(ascii: "#") {
                fragments += 1
                if fragments > 1 { return false }
            }
            previous = byte
        }
        return true
    }

    public static func resolve(_ href: String, against base: URL) -> URL? {
        var cleaned = href.trimmingASCIIWhitespace()
        if cleaned.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            cleaned = cleaned.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        }
        let encoded = percentEncoded(cleaned)
        if encoded.isEmpty { return base.removingFragment }
        // "#" alone is the page itself, as browsers show it.
        if encoded == "#" { return base.removingFragment }
        // An absolute URL is parsed alone: resolved against a base, Foundation escapes a
        // mailto:'s "@".
        let isAbsolute = hasScheme(encoded)
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

    /// True when `text` starts with a scheme: a letter, then letters, digits, `+`, `.` or `-`, then `:`.
    static func hasScheme(_ text: String) -> Bool {
        var first = true
        for byte in text.utf8 {
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if byte == UInt8(ascii: ":") { return !first }
            if first ? !isLetter : !(isLetter || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2E || byte == 0x2D) { return false }
            first = false
        }
        return false
    }

    /// Percent-encodes what `URL(string:)` refuses, leaving everything already valid alone.
    static func percentEncoded(_ text: String) -> String {
        if text.utf8.allSatisfy(isAllowed) { return text }
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

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x3B, 0x3D, 0x3F...0x5A, 0x5F, 0x61...0x7A, 0x7E, 0x5B, 0x5D: true
        default: false
        }
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
