extension JSONValue {
    /// JSON text with members in their order; `pretty` indents by two spaces like `jq`.
    public func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JSONValue.numberText(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, pretty: pretty, indent: indent) { element, output in
                element.write(to: &output, pretty: pretty, indent: indent + 1)
            }
        case .object(let object):
            writeContainer(object.members, open: "{", close: "}", to: &output, pretty: pretty, indent: indent) { member, output in
                JSONValue.writeString(member.key, to: &output)
                output += pretty ? ": " : ":"
                member.value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String, pretty: Bool, indent: Int,
        writeElement: (Element, inout String) -> Void
    ) {
        output += open
        if elements.isEmpty {
            output += close
            return
        }
        let innerIndent = String(repeating: "  ", count: indent + 1)
        for (position, element) in elements.enumerated() {
            if position > 0 { output += "," }
            if pretty { output += "\n" + innerIndent }
            writeElement(element, &output)
        }
        if pretty { output += "\n" + String(repeating: "  ", count: indent) }
        output += close
    }

    /// Whole numbers without a fraction ("45"), others in Swift's shortest round-trip form.
    static func numberText(_ value: Double) -> String {
        // A number too large that was read is written as one again; JSON has no NaN.
        if value.isInfinite { return value < 0 ? "-1e400" : "1e400" }
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{0}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
