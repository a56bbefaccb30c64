import Foundation

/// An email address with the name shown beside it: `Ada Lovelace <ada@example.org>`.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// `ada@example.org`: one `@`, no spaces, angle brackets or control characters.
    public let address: String
    public let name: String?

    /// Refuses an address a mail server would refuse or that could break out of its header.
    public init(_ address: String, name: String? = nil) throws(MailError) {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              address.utf8.count <= 254, !address.unicodeScalars.contains(where: { $0.value <= 32 || "<>()[],;:\"\\".unicodeScalars.contains($0) || $0.value == 127 })
        else { throw MailError(.badAddress, "\"\(address)\" is not an email address") }
        self.address = address
        self.name = name.map { String($0.unicodeScalars.filter { $0.value >= 32 && $0.value != 127 }) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `"Ada Lovelace" <ada@example.org>`, or the address alone; also the text `--smtp-from` takes.
    public var description: String {
        name.map { "\($0) <\(address)>" } ?? address
    }

    /// Reads `Name <address>` or a bare address.
    public static func parse(_ text: String) throws(MailError) -> MailAddress {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else { return try MailAddress(text) }
        let name = text[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return try MailAddress(String(text[text.index(after: open)..<text.index(before: text.endIndex)]), name: name.isEmpty ? nil : name)
    }
}
