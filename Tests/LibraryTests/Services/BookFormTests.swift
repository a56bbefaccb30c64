import ListorKit
import Tagged
import Testing
@testable import Library

@Suite struct BookFormTests {
    @Test(arguments: [
        ("978-0-14-143951-8", "9780141439518"), ("0 14 143951 3", "0141439513"), ("080442957x", "080442957X"),
    ])
    func isbnsAreKeptAsDigits(text: String, digits: String) throws {
        #expect(try ISBN(text).digits == digits)
    }

    @Test(arguments: [
        ("9780141439517", ISBN.Problem.checkDigit(expected: "8")), ("0804429578", .checkDigit(expected: "X")),
        ("97801414395", .length(11)), ("97801414395l8", .character("l")), ("X804429570", .character("X")),
    ])
    func badIsbnsSayWhatIsWrong(text: String, problem: ISBN.Problem) {
        #expect(throws: problem) { try ISBN(text) }
    }

    @Test func theValidatorTrimsBoundsAndTidies() throws {
        let fields = try BookForm(title: " Emma ", author: "Jane Austen ", publisher: " ", categories: " , novel,classics,", isbn: "").validated().get()
        #expect(fields == BookFields(title: "Emma", author: "Jane Austen", publisher: nil, categories: "novel, classics", isbn: nil))
        #expect(throws: FieldErrors([FieldError(field: "title", message: "contains U+0007 BELL, a control character")])) {
            try BookForm(title: "Emma\u{7}", author: "Jane Austen").validated().get()
        }
        #expect(throws: FieldErrors([FieldError(field: "lastCheckedOutBy", message: "is required: who is checking the book out?")])) {
            try BookForm.borrower("   ").get()
        }
    }

    /// Fuzz/Corpus/library-csv/regression-43d754d5: tidying ("a,b" → "a, b") made categories
    /// longer than the limit after the check, so that the stored book failed its next edit.
    @Test func categoriesAreBoundedAsStored() throws {
        let packed = Array(repeating: "ab", count: 166).joined(separator: ",")
        #expect(packed.count == 497)
        #expect(throws: FieldErrors([FieldError(field: "categories", message: "is 662 characters long; the limit is 500")])) {
            try BookForm(title: "T", author: "A", categories: packed).validated().get()
        }
        let fits = try BookForm(title: "T", author: "A", categories: Array(repeating: "ab", count: 125).joined(separator: ",")).validated().get()
        #expect(try BookForm(title: "T", author: "A", categories: fits.categories ?? "").validated().get() == fits)
    }
}
