/// One thing wrong with one item of a batch: which item (by line, index or name), which field,
/// and why. Catalogs, register maps, imports and remote lists all report with it.
///
/// Rendered the way compilers and linters report, most specific last:
/// `item 9 (BAD-DOPING-1): BJT.bjt_doping: "NPNX" is not one of NPN, PNP`, or for a text file
/// read a line at a time, `line 4: isbn: "12" has 2 digits; an ISBN has 10 or 13`.
public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of a text file (a CSV row) the item starts on.
    public var line: Int?
    /// The item's 0-based index in its batch (as `jq '.[9]'` counts), or nil for the batch as a whole.
    public var index: Int?
    /// A name that helps a person find the item: a part number, an ISBN.
    public var itemName: String?
    /// The field path inside the item, `ratings.max_voltage`, or nil for the whole item.
    public var field: String?
    public var reason: String

    public init(line: Int? = nil, index: Int? = nil, itemName: String? = nil, field: String? = nil, reason: String) {
        self.line = line
        self.index = index
        self.itemName = itemName
        self.field = field
        self.reason = reason
    }

    public var description: String {
        var parts: [String] = []
        if let line { parts.append("line \(line)") }
        if let index {
            parts.append(itemName.map { "item \(index) (\($0))" } ?? "item \(index)")
        } else if let itemName {
            parts.append(itemName)
        }
        if let field { parts.append(field) }
        parts.append(reason)
        return parts.joined(separator: ": ")
    }
}

extension Problem {
    /// Turns a `DecodingError` into a field path and a reason a person can act on.
    public init(decodingError: DecodingError, index: Int? = nil, itemName: String? = nil) {
        var path: [any CodingKey]
        let reason: String
        switch decodingError {
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            reason = "missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
            reason = context.debugDescription
        @unknown default:
            path = []
            reason = "\(decodingError)"
        }
        if path.isEmpty {
            self.init(index: index, itemName: itemName, field: nil, reason: reason)
        } else {
            self.init(index: index, itemName: itemName, field: Problem.render(path: path), reason: reason)
        }
    }

    /// `ratings.max_voltage`, `pins[2].name`.
    public static func render(path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}
