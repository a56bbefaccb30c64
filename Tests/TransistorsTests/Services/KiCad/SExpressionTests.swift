import ListorTestSupport
import Testing
import Transistors

/// The S-expressions of KiCad's files: what they hold, and every way a file can be broken.
@Suite struct SExpressionTests {
    @Test("lists, bare tokens and quoted strings with their escapes")
    func readsWhatKiCadWrites() throws {
        let expression = try SExpression.parse(Array(#"(symbol "Q \"1\"" (pin passive line (at 2.54 -5.08 90)) (name "a\\b\nc"))"#.utf8))
        #expect(expression.head == "symbol")
        #expect(expression.items[1] == .string(#"Q "1""#))
        #expect(expression.child("pin")?.child("at")?.items.dropFirst().compactMap(\.text) == ["2.54", "-5.08", "90"])
        #expect(expression.child("name")?.items.last == .string("a\\b\nc"))
        #expect(try SExpression.parse(Array(expression.written.utf8)) == expression)
    }

    @Test("a broken file is refused with the line and column of what is wrong", arguments: [
        ("", 1, 1, "the file is empty"),
        ("(a (b c)\n  (d e)\n", 1, 1, "the list opened at line 1, column 1 is not closed"),
        ("(a b))", 1, 6, "a ) closes no list"),
        ("(a \"b c)\n", 1, 4, "the string opened at line 1, column 4 is not closed"),
        ("(a)\n(b)", 2, 1, "text after the end of the expression"),
    ])
    func brokenFileIsRefused(text: String, line: Int, column: Int, message: String) {
        #expect {
            try SExpression.parse(Array(text.utf8))
        } throws: { error in
            guard let error = error as? SExpressionError else { return false }
            return error.line == line && error.column == column && error.message.hasPrefix(message)
        }
    }

    @Test("nesting deeper than any KiCad file is refused, however deep, without exhausting the stack")
    func deepNestingIsRefused() {
        let deep = String(repeating: "(", count: 1_000_000) + String(repeating: ")", count: 1_000_000)
        #expect {
            try SExpression.parse(Array(deep.utf8))
        } throws: { error in
            (error as? SExpressionError)?.message == "lists nest deeper than \(SExpression.maximumDepth)"
        }
    }
}
