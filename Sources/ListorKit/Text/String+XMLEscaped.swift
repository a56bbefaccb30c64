extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` as entities, safe in XML and SVG text and
    /// attribute values (the pictures Listor draws).
    public var xmlEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
