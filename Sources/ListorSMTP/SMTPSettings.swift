import Foundation

/// Where and how to hand mail over: `--smtp-url`, with the login from the environment.
///
/// - `smtp://host[:587]`: STARTTLS, required (the port for submission).
/// - `smtps://host[:465]`: TLS from the first byte.
/// - `smtp://host:25?tls=none`: no encryption, for a relay on this machine or a test server.
///
/// A user name may be in the URL (`smtp://library@mail.example.org`) or in
/// `LISTOR_SMTP_USERNAME`; the password only in `LISTOR_SMTP_PASSWORD`, never in the URL,
/// which `serve` prints. `LISTOR_SMTP_CA_FILE` names a PEM file of certificates to trust
/// instead of the system's.
public struct SMTPSettings: Sendable, Hashable, CustomStringConvertible {
    public enum Security: Sendable, Hashable {
        case startTLS
        case tls
        case none
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    public var password: String?
    public var trustedCertificates: String?
    /// How long one message may take, from connecting to the server's last answer.
    public var timeout: Duration

    public init(host: String, port: Int, security: Security, username: String? = nil, password: String? = nil, trustedCertificates: String? = nil,
                timeout: Duration = .seconds(60)) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
        self.trustedCertificates = trustedCertificates
        self.timeout = timeout
    }

    /// Reads `--smtp-url`, and the login and certificates from `environment`.
    public init(url text: String, environment: [String: String]) throws(SMTPSettingsError) {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw SMTPSettingsError("\"\(text)\" is not a mail server's URL, such as smtp://mail.example.org:587 or smtps://mail.example.org")
        }
        if url.password != nil { throw SMTPSettingsError("put the password in LISTOR_SMTP_PASSWORD, not in the URL, which is shown in logs") }
        if !url.path.isEmpty, url.path != "/" { throw SMTPSettingsError("\"\(text)\" has a path, \"\(url.path)\"; a mail server's URL has none") }
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        if let unknown = query.keys.sorted().first(where: { $0 != "tls" }) { throw SMTPSettingsError("\"\(unknown)\" is not a setting of the URL; the one there is is tls=none") }
        switch (scheme, query["tls"]) {
        case ("smtp", nil), ("smtp", "starttls"): security = .startTLS
        case ("smtp", "none"): security = .none
        case ("smtps", nil): security = .tls
        case ("smtp", let other?), ("smtps", let other?): throw SMTPSettingsError("tls=\(other) is not one of starttls, none (smtps:// is TLS from the start)")
        default: throw SMTPSettingsError("\(scheme):// is not smtp:// (STARTTLS) or smtps:// (TLS)")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = url.port ?? (security == .tls ? 465 : 587)
        guard (1...65535).contains(port) else { throw SMTPSettingsError("port \(port) is outside 1 to 65535") }
        username = url.user.flatMap { $0.removingPercentEncoding } ?? environment["LISTOR_SMTP_USERNAME"].flatMap { $0.isEmpty ? nil : $0 }
        password = environment["LISTOR_SMTP_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        if username != nil, password == nil { throw SMTPSettingsError("a user name is given but no password: set LISTOR_SMTP_PASSWORD") }
        trustedCertificates = environment["LISTOR_SMTP_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        timeout = .seconds(60)
    }

    /// "smtp://mail.example.org:587 (STARTTLS, as library)".
    public var description: String {
        let scheme = security == .tls ? "smtps" : "smtp"
        let how = switch security {
        case .startTLS: "STARTTLS"
        case .tls: "TLS"
        case .none: "unencrypted"
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port) (\(how)\(username.map { ", as \($0)" } ?? ""))"
    }
}
