import Foundation

/// A PostgreSQL URL (`--library-db`, `--modbus-history-db`) that cannot be used, and why; the password is never repeated.
public struct PostgresURLError: Error, CustomStringConvertible {
    public let url: String
    public let reason: String

    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }

    /// The URL with its password shown as "…": "postgres://listor:…@db/listor".
    public var shownURL: String {
        guard let components = URLComponents(string: url) else { return "the URL" }
        guard let password = components.percentEncodedPassword, let user = components.percentEncodedUser,
              let range = url.range(of: "//\(user):\(password)@") else { return url }
        return url.replacingCharacters(in: range, with: "//\(user):…@")
    }

    public var description: String { "\(shownURL): \(reason)" }
}
