import Crypto
import Foundation
import ListorKit

/// The server's secret for what it hands a browser and later checks: the CSRF token of the page
/// forms and the librarian's sign-in. A token is a random nonce and its HMAC-SHA256 under this
/// key for one purpose, so that only this server (or another node given the same key) can make
/// one, and one made for a purpose passes for no other.
public struct FormKey: Sendable {
    /// The key's length in bytes.
    public static let size = 32
    private let key: SymmetricKey

    public init(bytes: [UInt8]) {
        key = SymmetricKey(data: bytes)
    }

    /// A key of its own, for a server whose forms need not outlive it (and for tests).
    public static func random() -> FormKey {
        var generator = SystemRandomNumberGenerator()
        return FormKey(bytes: (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// A new token for `purpose`: "nonce.signature", both hex.
    func token(for purpose: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let nonce = Self.hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        return nonce + "." + signature(nonce, for: purpose)
    }

    /// Whether `token` is one this key made for `purpose`.
    func verifies(_ token: String?, for purpose: String) -> Bool {
        guard let token, token.utf8.count == 97 else { return false }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 32, parts[0].allSatisfy(\.isHexDigit) else { return false }
        return Secret.matches(String(parts[1]), signature(String(parts[0]), for: purpose))
    }

    /// `value` with its signature for `purpose`: "value.signature", for a cookie the browser
    /// keeps and cannot change. `value` must have no ".".
    func signed(_ value: String, for purpose: String) -> String {
        value + "." + signature(value, for: purpose)
    }

    /// The value of `signed` when this key signed it for `purpose`; nil otherwise.
    func value(of signed: String?, for purpose: String) -> String? {
        guard let signed, let dot = signed.lastIndex(of: ".") else { return nil }
        let value = String(signed[..<dot])
        return Secret.matches(String(signed[signed.index(after: dot)...]), signature(value, for: purpose)) ? value : nil
    }

    private func signature(_ nonce: String, for purpose: String) -> String {
        Self.hex(Array(HMAC<SHA256>.authenticationCode(for: Data((purpose + "\u{0}" + nonce).utf8), using: key)))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        Hex.lowercase(bytes)
    }
}
