import Foundation
import Hummingbird
import NIOCore

/// `GET /metrics`: the metrics in Prometheus' text format (version 0.0.4), uncached.
enum MetricsRoute {
    static func response(_ text: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: text)))
    }

    /// Throws 401 unless the request carries `Authorization: Bearer <token>` (the scheme's name
    /// in any case, RFC 9110 section 11.1).
    static func authorize(_ request: Request, token: String, guesses: TokenGuesses, client: String) throws {
        guard try guesses.check(BearerToken.given(in: request), against: token, client: client) else {
            var error = WebError(.unauthorized, message: "metrics need the admin token: Authorization: Bearer <token>")
            error.headers[.wwwAuthenticate] = "Bearer"
            throw error
        }
    }
}
