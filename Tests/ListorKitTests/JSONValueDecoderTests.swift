import Foundation
import ListorKit
import Testing

private struct Sample: Decodable, Equatable {
    struct Inner: Decodable, Equatable {
        let count: Int
        let ratio: Double?
    }

    let name: String
    let flags: [Bool]
    let inner: Inner
    let optional: String?
    let small: UInt8
}

@Suite struct JSONValueDecoderTests {
    @Test func decodesLikeFoundation() throws {
        let text = #"{"name": "n", "flags": [true, false], "inner": {"count": 3, "ratio": null}, "small": 255, "ignored": [1]}"#
        let ours = try JSONValueDecoder().decode(Sample.self, from: Array(text.utf8))
        let foundation = try JSONDecoder().decode(Sample.self, from: Data(text.utf8))
        #expect(ours == foundation)
        #expect(ours.inner.count == 3 && ours.optional == nil)
    }

    @Test(arguments: [
        (#"{"flags": [], "inner": {"count": 1}, "small": 1}"#, "name", "missing"),
        (#"{"name": 5, "flags": [], "inner": {"count": 1}, "small": 1}"#, "name", "expected a string, found the number 5"),
        (#"{"name": "n", "flags": [true, "no"], "inner": {"count": 1}, "small": 1}"#, "flags[1]", #"expected true or false, found the string "no""#),
        (#"{"name": "n", "flags": [], "inner": {"count": 1.5}, "small": 1}"#, "inner.count", "expected a whole number that fits Int, found the number 1.5"),
        (#"{"name": "n", "flags": [], "inner": {"count": null}, "small": 1}"#, "inner.count", "expected a number, found null"),
        (#"{"name": "n", "flags": [], "inner": [], "small": 1}"#, "inner", "expected an object, found an array"),
        (#"{"name": "n", "flags": [], "inner": {"count": 1}, "small": 256}"#, "small", "expected a whole number that fits UInt8, found the number 256"),
    ])
    func errorsNameTheFieldAndWhatWasFound(text: String, field: String, reason: String) throws {
        do {
            _ = try JSONValueDecoder().decode(Sample.self, from: Array(text.utf8))
            Issue.record("decoding should have failed")
        } catch let error as DecodingError {
            let problem = Problem(decodingError: error)
            #expect(problem.field == field)
            #expect(problem.reason == reason)
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
