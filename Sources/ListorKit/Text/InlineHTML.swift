/// Markup from elsewhere (a product's description in a catalogue file) made safe to put in a
/// page: the elements of a short allow-list kept, without any attribute, and balanced; every
/// other tag, comment or stray character shown as the text it is, escaped. Entities stay
/// entities. So `<b onclick=x>new</b> <script>alert(1)</script>` becomes
/// `<b>new</b> &lt;script&gt;alert(1)&lt;/script&gt;`.
public enum InlineHTML {
    /// Text-level elements, and the paragraphs and lists product descriptions are written in;
    /// none can load anything or run anything without attributes.
    public static let allowed: Set<String> = ["b", "strong", "i", "em", "u", "s", "small", "sub", "sup", "code", "mark", "br", "p", "ul", "ol", "li"]

    public static func sanitized(_ markup: String) -> String {
        let scalars = Array(markup.unicodeScalars)
        var output = String.UnicodeScalarView()
        var open: [String] = []
        var index = 0
        func escape(_ scalar: Unicode.Scalar) {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".unicodeScalars)
            case "<": output.append(contentsOf: "&lt;".unicodeScalars)
            case ">": output.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
            case "'": output.append(contentsOf: "&#39;".unicodeScalars)
            default: output.append(scalar)
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let (name, closing, end) = tag(in: scalars, at: index), allowed.contains(name) {
                if closing {
                    // Closes the element and any left open inside it; a close of nothing open is dropped.
                    if let position = open.lastIndex(of: name) {
                        for element in open[position...].reversed() { output.append(contentsOf: "</\(element)>".unicodeScalars) }
                        open.removeSubrange(position...)
                    }
                } else {
                    output.append(contentsOf: "<\(name)>".unicodeScalars)
                    if name != "br" { open.append(name) }
                }
                index = end
            } else if scalar == "&", let end = reference(in: scalars, at: index) {
                output.append(contentsOf: scalars[index..<end])
                index = end
            } else {
                escape(scalar)
                index += 1
            }
        }
        for element in open.reversed() { output.append(contentsOf: "</\(element)>".unicodeScalars) }
        return String(output)
    }

    /// A start or end tag at `start`: its lower-cased name, whether it closes, and the index
    /// after its `>`; nil when it is no well-formed tag (then it is text).
    private static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (String, Bool, Int)? {
        var index = start + 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        var name = ""
        while index < scalars.count, scalars[index].properties.isASCIIHexDigit || ("a"..."z").contains(scalars[index]) || ("A"..."Z").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
            if name.count > 10 { return nil }
        }
        guard !name.isEmpty, let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return nil }
        // Attributes, if any, run to the first `>` outside quotes; they are all dropped.
        var quote: Unicode.Scalar?
        guard index < scalars.count, scalars[index] == ">" || scalars[index] == "/" || scalars[index].properties.isWhitespace else { return nil }
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "<" {
                return nil
            } else if scalar == ">" {
                return (name.lowercased(), closing, index + 1)
            }
            index += 1
        }
        return nil
    }

    /// The index after a character reference at `start` (`&amp;`, `&#233;`, `&#xE9;`), or nil.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        var index = start + 1
        var body = ""
        while index < scalars.count, index - start <= 33 {
            let scalar = scalars[index]
            if scalar == ";" {
                let isNamed = !body.isEmpty && body.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
                    && !("0"..."9").contains(body.unicodeScalars.first!)
                let isDecimal = body.hasPrefix("#") && body.count > 1 && body.dropFirst().allSatisfy(\.isASCIIDigitCharacter)
                let isHex = (body.hasPrefix("#x") || body.hasPrefix("#X")) && body.count > 2 && body.dropFirst(2).allSatisfy(\.isHexDigit)
                return isNamed || isDecimal || isHex ? index + 1 : nil
            }
            body.unicodeScalars.append(scalar)
            index += 1
        }
        return nil
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
