import Crypto
import ListorKit

/// A strong entity tag made from the bytes themselves (the first 16 hex digits of their
/// SHA-256): the same picture always has the same tag, on every node and after a restart, so a
/// cache that asks again with `If-None-Match` gets a 304 instead of the picture.
enum ContentTag {
    static func of(_ bytes: [UInt8]) -> String {
        "\"" + digits(of: bytes) + "\""
    }

    /// The tag's 16 hex digits without the quotes: a version for an address.
    static func digits(of bytes: [UInt8]) -> String {
        Hex.lowercase(Array(SHA256.hash(data: bytes)).prefix(8))
    }
}
