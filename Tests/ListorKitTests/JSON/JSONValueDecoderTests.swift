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
