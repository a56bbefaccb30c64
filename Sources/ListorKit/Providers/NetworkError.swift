import Foundation

/// Why an HTTP load failed, in the spirit of seed 001's `NetworkError`; every message names the URL.
public enum NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No response at all: refused connection, unknown host, broken TLS.
    case unreachable(url: URL, reason: ErrorCause)
    /// A response that is not usable HTTP (the seed's `invalidResponse`).
    case invalidResponse(url: URL, reason: ErrorCause)
    /// A status outside 200–299.
    case badStatus(url: URL, status: Int)
    case timedOut(url: URL, after: Duration)
    case tooLarge(url: URL, limit: Int)
    /// The body arrived but is not what was expected (the seed's `notDecodable`).
    case notDecodable(url: URL, reason: ErrorCause)
    /// A request that was not sent because of where it would go (`AddressGuard`).
    case refused(url: URL, reason: String)

    public var url: URL {
        switch self {
        case .unreachable(let url, _), .invalidResponse(let url, _), .badStatus(let url, _),
             .timedOut(let url, _), .tooLarge(let url, _), .notDecodable(let url, _), .refused(let url, _):
            url
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "\(url.absoluteString): cannot connect: \(reason)"
        case .invalidResponse(let url, let reason):
            "\(url.absoluteString): invalid response: \(reason)"
        case .badStatus(let url, let status):
            "\(url.absoluteString): the server answered \(status) \(NetworkError.reasonPhrase(status))"
        case .timedOut(let url, let after):
            "\(url.absoluteString): no complete response within \(after.components.seconds) s"
        case .tooLarge(let url, let limit):
            "\(url.absoluteString): the response is larger than the limit of \(limit) bytes"
        case .notDecodable(let url, let reason):
            "\(url.absoluteString): \(reason)"
        case .refused(let url, let reason):
            "\(url.absoluteString): \(reason)"
        }
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
