/// A JSON object's members in source order. Objects in catalogs are small, so a linear scan
/// beats hashing; when a key repeats, the last occurrence wins, as in most JSON parsers.
public struct JSONObject: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(members: [Member] = []) {
        self.members = members
    }

    public subscript(key: String) -> JSONValue? {
        var index = members.endIndex
        while index > members.startIndex {
            index -= 1
            // Comparing lengths first skips most string comparisons: keys rarely share a length.
            if members[index].key.utf8.count == key.utf8.count, members[index].key == key { return members[index].value }
        }
        return nil
    }

    public var keys: [String] { members.map(\.key) }
}
