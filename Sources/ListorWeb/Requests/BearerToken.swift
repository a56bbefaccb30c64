import Foundation
import ListorKit
import Hummingbird

/// The token of an `Authorization: Bearer <token>` header; the scheme's name in any case
/// (RFC 9110, section 11.1). Nil without one.
enum BearerToken {
    static func given(in request: Request) -> String? {
        request.headers[.authorization].flatMap { value -> String? in
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return String(parts[1]).trimmed()
        }
    }
}
