extension String {
    /// The string without leading and trailing white space.
    ///
    /// Foundation's `trimmingCharacters(in:)` bridges through `NSString` on Linux and cost a
    /// third of catalog decoding; most strings have nothing to trim, and this finds that out
    /// from the first and last byte.
    public func trimmed() -> String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        if Self.isPlainASCII(first), Self.isPlainASCII(last) { return self }
        let characters = Substring(self).drop { $0.isWhitespace }
        var end = characters.endIndex
        while end > characters.startIndex, characters[characters.index(before: end)].isWhitespace {
            end = characters.index(before: end)
        }
        return String(characters[..<end])
    }

    /// Printable ASCII other than the space: a byte that is neither white space nor part of a longer character.
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
