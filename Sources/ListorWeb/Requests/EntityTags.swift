import ListorKit

/// The entity tags of an `If-Match` or `If-None-Match` header (RFC 9110, section 8.8.3): a
/// list of tags, each weak (`W/"3"`) or strong (`"3"`), or `*` for any; nil for a header that
/// is neither.
struct EntityTags: Sendable, Hashable {
    struct Tag: Sendable, Hashable {
        var isWeak: Bool
        /// What is between the quotes.
        var opaque: String
    }

    /// `*`: any current representation.
    var isAny: Bool
    var tags: [Tag]

    init?(_ header: String) {
        let trimmed = header.trimmed()
        if trimmed == "*" {
            isAny = true
            tags = []
            return
        }
        var tags: [Tag] = []
        for part in trimmed.split(separator: ",") {
            var tag = String(part).trimmed()
            let isWeak = tag.hasPrefix("W/")
            if isWeak { tag = String(tag.dropFirst(2)) }
            guard tag.count >= 2, tag.first == "\"", tag.last == "\"", !tag.dropFirst().dropLast().contains("\"") else { return nil }
            tags.append(Tag(isWeak: isWeak, opaque: String(tag.dropFirst().dropLast())))
        }
        guard !tags.isEmpty else { return nil }
        isAny = false
        self.tags = tags
    }

    /// Whether `etag` (as an `ETag` header writes it) is among them, compared weakly: `W/"3"`
    /// and `"3"` are one tag, as `If-None-Match` compares them (RFC 9110, section 13.1.2).
    func matchesWeakly(_ etag: String) -> Bool {
        guard !isAny else { return true }
        guard let given = EntityTags(etag)?.tags.first else { return false }
        return tags.contains { $0.opaque == given.opaque }
    }
}
