/// One thing wrong with one item of a batch: which item, which field, and why.
///
/// Rendered the way compilers and linters report, most specific last:
/// `item 9 (BAD-DOPING-1): BJT.bjt_doping: "NPNX" is not one of NPN, PNP`.
public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The item's 0-based index in its batch (as `jq '.[9]'` counts), or nil for the batch as a whole.
    public var index: Int?
    /// A name that helps a person find the item: a part number, an ISBN.
    public var itemName: String?
    /// The field path inside the item, `ratings.max_voltage`, or nil for the whole item.
    public var field: String?
    public var reason: String

    public init(index: Int? = nil, itemName: String? = nil, field: String? = nil, reason: String) {
        self.index = index
        self.itemName = itemName
        self.field = field
        self.reason = reason
    }

    public var description: String {
        var parts: [String] = []
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

/// The good items of a batch, and a problem for each bad one: one bad item never costs the others.
public struct PartialResult<Item: Sendable>: Sendable {
    public var items: [Item]
    public var problems: [Problem]

    public init(items: [Item] = [], problems: [Problem] = []) {
        self.items = items
        self.problems = problems
    }

    /// True when something was read but nothing of it was usable.
    public var isTotalFailure: Bool { items.isEmpty && !problems.isEmpty }
}
