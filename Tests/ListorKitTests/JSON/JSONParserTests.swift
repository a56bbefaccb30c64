import Foundation
import ListorKit
import Testing

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValueInOrder() throws {
        let value = try JSONParser.parse(#"{"b": [1, -2.5, 3e2, true, false, null], "a": "x\"\\\/\n\u00e9\ud83d\ude00"}"#)
        guard case .object(let object) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]))
        #expect(object["a"] == .string("x\"\\/\né😀"))
    }

    @Test(arguments: ["0.1", "45.0", "0.015", "1e-3", "123456789012345678", "2.2250738585072014e-308", "0.30000000000000004"])
    func numbersMatchTheStandardLibrary(text: String) throws {
        #expect(try JSONParser.parse(text) == .number(Double(text)!))
    }

    @Test func theLastOfARepeatedKeyWins() throws {
        #expect(try JSONParser.parse(#"{"a": 1, "a": 2}"#)["a"] == .number(2))
    }

    @Test(arguments: [
        ("[1, 2,]", 1, 7, "expected a value"),
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':' after member name \"b\""),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\": tru}", 1, 7, "expected a value"),
        ("[01]", 1, 3, "leading zeros"),
        ("[\"abc", 1, 2, "never closed"),
        ("[1.]", 1, 4, "after the decimal point"),
        ("[\"a\tb\"]", 1, 4, "control character"),
        ("[\"\\q\"]", 1, 4, "unknown escape"),
        ("[\"\\udc00\"]", 1, 9, "lone low surrogate"),
        ("[1] [2]", 1, 5, "after the end of the JSON value"),
        ("   ", 1, 4, "the text is empty"),
    ])
    func syntaxErrorsSayWhereAndWhat(text: String, line: Int, column: Int, message: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == line && error.column == column && error.message.contains(message)
        }
    }

    /// A number too large for a Double is a number all the same: the document parses, and the
    /// value is refused where it is read, so that one such number refuses its item, not the file.
    @Test func aNumberTooLargeIsReadAsInfinityAndWrittenBackAsOne() throws {
        let value = try JSONParser.parse("[1e999, -1e400, 1e-400]")
        #expect(value == .array([.number(.infinity), .number(-.infinity), .number(0)]))
        #expect(try JSONParser.parse(value.serialized(pretty: false)) == value)
        #expect(JSONValue.number(.infinity).summary == "a number too large to hold (beyond ±1.8e308)")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect {
            try JSONParser.parse("[\"é\", x]")
        } throws: { error in
            (error as? JSONSyntaxError)?.column == 7
        }
    }

    @Test func invalidUTF8IsAnErrorNotAReplacement() {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8)
        #expect {
            try JSONParser.parse(bytes)
        } throws: { error in
            (error as? JSONSyntaxError)?.message.contains("not valid UTF-8") == true
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect {
            try JSONParser.parse(deep)
        } throws: { error in
            (error as? JSONSyntaxError)?.message.contains("nesting deeper") == true
        }
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try JSONParser.parse(allowed) }
    }

    @Test func serializedTextParsesBackToTheSameValue() throws {
        let value = try JSONParser.parse(#"{"z": [1, 0.1, -3e-7, "a\"b\u0001", {"k": null}], "y": {}, "x": []}"#)
        #expect(try JSONParser.parse(value.serialized(pretty: true)) == value)
        #expect(try JSONParser.parse(value.serialized(pretty: false)) == value)
        #expect(value.serialized(pretty: false) == #"{"z":[1,0.1,-3e-07,"a\"b\u0001",{"k":null}],"y":{},"x":[]}"#)
    }
}
