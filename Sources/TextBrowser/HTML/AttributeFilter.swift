/// Start tags trimmed to what libxml2's HTML parser takes in linear time.
///
/// libxml2 (2.9, Debian 12's) checks each attribute of a tag against every one before it, to
/// drop repeats: one element with 200,000 distinct attributes, a 1.4 MB page, took 46 s to
/// parse. Here, before libxml2 sees the page, an attribute that repeats an earlier one of its
/// tag is dropped (HTML keeps the first, as libxml2 does) and so is every one past the first
/// `maximum` of its tag. No real page has that many; a tag with more is an attack.
///
/// The scan follows libxml2's reading of where tags are: comments, declarations and end tags
/// are skipped, and so is the content of `script` and `style` up to their end tag. Tags with
/// few attributes are left alone without a look at their names, so an ordinary page costs one
/// pass over its bytes and is handed on unchanged.
struct AttributeFilter: Sendable {
    /// The most attributes a tag keeps.
    var maximum: Int

    /// Up to this many, a tag is not looked at further: libxml2's checks cost little.
    private static let unchecked = 32

    /// `bytes` with the attributes to drop taken out; `bytes` itself when there are none.
    func filtered(_ bytes: [UInt8]) -> [UInt8] {
        let drops = bytes.withUnsafeBufferPointer { excess(in: $0) }
        guard !drops.isEmpty else { return bytes }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var start = 0
        for drop in drops {
            kept.append(contentsOf: bytes[start..<drop.lowerBound])
            start = drop.upperBound
        }
        kept.append(contentsOf: bytes[start...])
        return kept
    }

    /// The byte ranges of the attributes to drop, in order.
    func excess(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var drops: [Range<Int>] = []
        var attributes: [(whole: Range<Int>, name: Range<Int>)] = []
        var index = 0
        let end = bytes.count
        while index < end {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < end else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                index = Self.hasPrefix(bytes, "<!--", at: index)
                    ? Self.find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? end
                    : Self.find(bytes, ">", from: index + 2).map { $0 + 1 } ?? end
                continue
            }
            guard Self.isLetter(next) else {
                // An end tag, a processing instruction, or a "<" in text.
                index = next == UInt8(ascii: "/") || next == UInt8(ascii: "?") ? Self.find(bytes, ">", from: index + 2).map { $0 + 1 } ?? end : index + 1
                continue
            }
            // A start tag: its name, then its attributes up to ">" or "/>".
            let nameStart = index + 1
            index = nameStart
            while index < end, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { index += 1 }
            let name = nameStart..<index
            attributes.removeAll(keepingCapacity: true)
            while index < end {
                let attributeStart = index
                while index < end, Self.isBlank(bytes[index]) || (bytes[index] == UInt8(ascii: "/") && index + 1 < end && bytes[index + 1] != UInt8(ascii: ">")) { index += 1 }
                guard index < end, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { break }
                let attributeName = index
                while index < end, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">") { index += 1 }
                let nameEnd = index
                var valueEnd = index
                while valueEnd < end, Self.isBlank(bytes[valueEnd]) { valueEnd += 1 }
                if valueEnd < end, bytes[valueEnd] == UInt8(ascii: "=") {
                    index = valueEnd + 1
                    while index < end, Self.isBlank(bytes[index]) { index += 1 }
                    if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                        index = Self.find(bytes, bytes[index], from: index + 1).map { $0 + 1 } ?? end
                    } else {
                        while index < end, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    }
                }
                if nameEnd == attributeName { index = max(index, attributeName + 1) }
                attributes.append((attributeStart..<index, attributeName..<nameEnd))
            }
            if attributes.count > Self.unchecked { drops += excess(of: attributes, in: bytes) }
            index = min(index + 1, end)
            if Self.equalsIgnoringCase(bytes, name, "script") || Self.equalsIgnoringCase(bytes, name, "style") {
                index = Self.rawTextEnd(bytes, from: index, name: name)
            }
        }
        return drops
    }

    /// The attributes of one tag to drop: repeats of a name (compared as libxml2 does, in lower
    /// case), and all past the first `maximum` kept.
    private func excess(of attributes: [(whole: Range<Int>, name: Range<Int>)], in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var seen = Set<[UInt8]>()
        var drops: [Range<Int>] = []
        for attribute in attributes {
            let name = bytes[attribute.name].map { Self.isUpper($0) ? $0 | 0x20 : $0 }
            if seen.count < maximum, seen.insert(name).inserted { continue }
            if let last = drops.last, last.upperBound == attribute.whole.lowerBound {
                drops[drops.count - 1] = last.lowerBound..<attribute.whole.upperBound
            } else {
                drops.append(attribute.whole)
            }
        }
        return drops
    }

    /// Where the content of a `script` or `style` ends: at `</` and its name in any case, as
    /// libxml2 reads it when it recovers.
    private static func rawTextEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, name: Range<Int>) -> Int {
        var index = start
        while let close = find(bytes, "</", from: index) {
            let candidate = close + 2
            if candidate + name.count <= bytes.count,
               zip(bytes[candidate..<candidate + name.count], bytes[name]).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) }) {
                return close
            }
            index = candidate
        }
        return bytes.count
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte)
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString, from start: Int) -> Int? {
        let first = text.utf8Start.pointee
        var index = start
        while let found = find(bytes, first, from: index) {
            if hasPrefix(bytes, text, at: found) { return found }
            index = found + 1
        }
        return nil
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let prefix = UnsafeBufferPointer(start: text.utf8Start, count: count)
        return bytes[index..<index + count].elementsEqual(prefix)
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        let other = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return range.count == other.count && zip(bytes[range], other).allSatisfy { ($0 | 0x20) == $1 }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isUpper(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }
}
