import Foundation
import ListorKit
import Testing

private struct Row: JSONValueDecodable, Sendable, Equatable {
    let id: Int
    let note: String

    init(from decoder: any Decoder) throws {
        try self.init(decodingJSONFrom: decoder)
    }

    init(json: JSONValue, codingPath: [any CodingKey]) throws {
        let fields = try JSONFields(json, codingPath: codingPath)
        let id = try fields.double(AnyJSONKey("id"))
        guard id.rounded() == id else { throw fields.invalid(AnyJSONKey("id"), "must be whole") }
        self.id = Int(id)
        note = try fields.string(AnyJSONKey("note"))
    }
}

/// Large enough (over 1 MiB) that `decodeConcurrently` cuts the array and decodes on every core.
@Suite struct ConcurrentBatchDecoderTests {
    static let count = 12_000
    static let bad: Set<Int> = [3, 5_999, 6_000, 11_999]

    /// One element a line; notes hold commas, brackets and escaped quotes, which the cut must step over.
    static func text(breakingLine brokenLine: Int? = nil) -> String {
        var lines: [String] = []
        for index in 0..<count {
            let id = bad.contains(index) ? #""\#(index)""# : "\(index)"
            var line = #"{"id": \#(id), "note": "row \#(index), [not {structure}] \"quoted, too\" \\ and padding to make the text long enough to cut"}"#
            if index + 2 == brokenLine { line = line.replacingOccurrences(of: #""note""#, with: "@note") }
            lines.append(line)
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    @Test func givesTheSameResultAsOneThread() throws {
        let bytes = Array(Self.text().utf8)
        #expect(bytes.count > 1 << 20)
        let concurrent = try BatchDecoder().decodeConcurrently(Row.self, from: bytes)
        let sequential = try BatchDecoder().decode(Row.self, from: bytes)
        #expect(concurrent.items == sequential.items)
        #expect(concurrent.items.count == Self.count - Self.bad.count)
        #expect(concurrent.items.map(\.id) == (0..<Self.count).filter { !Self.bad.contains($0) })
        #expect(concurrent.problems == sequential.problems)
        #expect(concurrent.problems.map(\.index) == Self.bad.sorted())
        #expect(concurrent.problems.first?.description == #"item 3: id: expected a number, found the string "3""#)
    }

    @Test func aSyntaxErrorLateInTheTextHasItsRealLineAndColumn() {
        let line = 11_000
        #expect {
            try BatchDecoder().decodeConcurrently(Row.self, from: Array(Self.text(breakingLine: line).utf8))
        } throws: { error in
            error as? BatchDecodingError == .notJSON(JSONSyntaxError(
                line: line, column: 15, message: "expected a member name in double quotes, found '@'"))
        }
    }

    @Test func cutsOnlyBetweenTopLevelElements() throws {
        let bytes = Array(Self.text().utf8)
        let runs = try #require(bytes.withUnsafeBufferPointer { JSONParser.arrayRuns(in: $0, parts: 3) })
        #expect(runs.count == 3)
        for run in runs.dropFirst() {
            // Every run but the first starts right after a comma that ends a line.
            #expect(bytes[run.start - 1] == UInt8(ascii: ","))
            #expect(bytes[run.start] == UInt8(ascii: "\n"))
        }
    }
}

@Suite struct BatchDecoderTests {
    private struct Item: Decodable, Sendable, Equatable {
        let id: Int
    }

    @Test func keepsTheGoodItemsAndReportsEachBadOne() throws {
        let text = #"[{"id": 1}, {"id": "two", "name": "second"}, {"id": 3}, 4]"#
        let result = try BatchDecoder().decode(Item.self, from: Array(text.utf8)) { $0["name"].flatMap { if case .string(let s) = $0 { s } else { nil } } }
        #expect(result.items == [Item(id: 1), Item(id: 3)])
        #expect(result.problems.map(\.description) == [
            #"item 1 (second): id: expected a number, found the string "two""#,
            "item 3: expected an object, found the number 4",
        ])
        #expect(!result.isTotalFailure)
    }

    @Test(arguments: [
        ("", "the file is empty; expected a JSON array"),
        (" \n\t", "the file is empty; expected a JSON array"),
        (#"{"id": 1}"#, "expected a JSON array at the top level, found an object (a single item? wrap it in [ ])"),
        (#""text""#, #"expected a JSON array at the top level, found the string "text""#),
        ("[{]", "not valid JSON: line 1, column 3: expected a member name in double quotes, found ']'"),
    ])
    func documentsThatAreNotABatchAreOneClearError(text: String, message: String) {
        #expect {
            try BatchDecoder().decode(Item.self, from: Array(text.utf8))
        } throws: { error in
            (error as? BatchDecodingError)?.description == message
        }
    }
}
