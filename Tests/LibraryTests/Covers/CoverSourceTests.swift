import Foundation
import ListorKit
import Testing
@testable import Library

/// The cover service's template and the placeholder of a book without a cover.
@Suite struct CoverSourceTests {
    @Test func aTemplateNeedsAnISBNSlotAndAWebAddress() throws {
        let service = try #require(try CoverService.parse("https://covers.example/{isbn}.jpg"))
        #expect(service.url(isbn: "9780441172719")?.absoluteString == "https://covers.example/9780441172719.jpg")
        #expect(service.url(isbn: "978/../x") == nil, "an ISBN is digits and a final X only")
        #expect(try CoverService.parse("none") == nil)
        #expect(throws: CoverServiceError("\"https://covers.example/cover.jpg\" has no {isbn} for the book's ISBN")) {
            try CoverService.parse("https://covers.example/cover.jpg")
        }
        #expect(throws: CoverServiceError("\"file:///etc/{isbn}\" is not an http or https URL")) { try CoverService.parse("file:///etc/{isbn}") }
        #expect(CoverService.openLibrary.url(isbn: "0441172717")?.absoluteString == "https://covers.openlibrary.org/b/isbn/0441172717-M.jpg?default=false")
    }

    @Test func thePlaceholderShowsTitleAndAuthorEscapedOnTheTitlesColour() {
        let dune = CoverPlaceholder(title: "Dune", author: "Frank Herbert")
        #expect(dune.background == CoverPlaceholder(title: "DUNE", author: "someone else").background, "the colour comes from the title")
        #expect(dune.background.contrast(with: .white) >= 4.5, "white text reads on it")
        #expect(dune.svg.contains(#">Dune</text>"#) && dune.svg.contains(#">Frank Herbert</text>"#))
        let hostile = CoverPlaceholder(title: #"<script>alert("x")</script>"#, author: "A & B")
        #expect(!hostile.svg.contains("<script>"))
        #expect(hostile.svg.contains("A &amp; B"))
        #expect(CoverPlaceholder.lines("The Hitchhiker's Guide to the Galaxy and Everything Else Besides").count == 4)
        #expect(CoverPlaceholder.lines("The Hitchhiker's Guide to the Galaxy and Everything Else Besides").last?.hasSuffix("…") == true)
    }

    /// A title in capitals is wider than one in small letters: each line is measured, so that it
    /// fits its cover however the title is written, and a word too long for a line is cut.
    @Test(arguments: ["THE MAN WHO MISTOOK HIS WIFE FOR A HAT", "WWWWWWWWWWWWWWWWWWWW MMMMMMMMMMMMMM", "war and peace",
                      "Supercalifragilisticexpialidocious", "ÉTUDES ET MÉMOIRES", "三体 刘慈欣 科幻小说 三体 刘慈欣 科幻小说"])
    func everyLineFitsItsCover(title: String) {
        let lines = CoverPlaceholder.lines(title)
        #expect(!lines.isEmpty && lines.count <= 4)
        for line in lines {
            #expect(CoverPlaceholder.width(of: line, fontSize: 22) <= CoverPlaceholder.textWidth, "\(line)")
        }
        #expect(CoverPlaceholder.width(of: "WWWWWWWWWWWW", fontSize: 22) > CoverPlaceholder.textWidth, "twelve capital Ws do not fit")
    }
}
