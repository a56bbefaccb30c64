import Crypto

/// A strong entity tag made from the bytes themselves (the first 16 hex digits of their
/// SHA-256): the same picture always has the same tag, on every node and after a restart, so a
/// cache that asks again with `If-None-Match` gets a 304 instead of the picture.
enum ContentTag {
    static func of(_ bytes: [UInt8]) -> String {
        let digest = SHA256.hash(data: bytes)
        return "\"" + digest.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined() + "\""
    }
}
