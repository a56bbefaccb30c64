import ListorKit
import Testing

@Suite struct CSVTests {
    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "title,author\r\n\"Persuasion, a novel\",\"Jane \"\"J\"\" Austen\"\n\"two\nlines\",x\n\n,\n\"\"\n"
        let records = try CSV.parse(text)
        #expect(records.map(\.fields) == [["title", "author"], ["Persuasion, a novel", "Jane \"J\" Austen"], ["two\nlines", "x"], ["", ""], [""]])
        #expect(records.map(\.line) == [1, 2, 3, 6, 7])
    }

    @Test func writingThenParsingGivesTheSameRows() throws {
        let rows = [["id", "note"], ["1", "a, b"], ["2", "say \"hi\""], ["3", " padded "], ["4", "line\nbreak"], ["5", ""]]
        #expect(try CSV.parse(CSV.write(rows)).map(\.fields) == rows)
        #expect(CSV.write([["a", "b,c"]]) == "a,\"b,c\"\r\n")
    }

    /// The one rule for every CSV Listor writes (transistors, books, loans): RFC 4180, each line
    /// ending in CRLF, quoted where a field holds a comma, a quote, a line break, or would lose
    /// its edge spaces to a spreadsheet; the reader takes CRLF, LF and CR alike.
    @Test func everyLineEndsInCRLFAndOnlyFieldsThatNeedItAreQuoted() throws {
        let written = CSV.write([["plain", "a,b", "say \"hi\"", " edge", "cr\rlf", "é"], ["", "", "", "", "", ""]])
        #expect(written == "plain,\"a,b\",\"say \"\"hi\"\"\",\" edge\",\"cr\rlf\",é\r\n,,,,,\r\n")
        #expect(written.utf8.filter { $0 == UInt8(ascii: "\n") }.count == 2, "no bare LF outside a quoted field")
        for ending in ["\r\n", "\n", "\r"] {
            #expect(try CSV.parse("a,b" + ending + "c,d" + ending).map(\.fields) == [["a", "b"], ["c", "d"]], "\(ending.debugDescription)")
        }
    }

    @Test(arguments: [
        ("a,\"b\"c\n", "line 1: text after a closing quote"), ("a,b\"c\n", "line 1: a quote inside an unquoted field; quote the whole field and double the quote"),
        ("ok\n\"never closed\n", "line 2: a quoted field is never closed"),
    ])
    func brokenQuotingNamesTheLine(text: String, message: String) {
        #expect(throws: CSV.SyntaxError.self) { try CSV.parse(text) }
        do { _ = try CSV.parse(text) } catch { #expect(error.description == message) }
    }

    /// A malformed record costs that record alone: reading goes on with the next line (for a
    /// quote never closed, the line after the quote), and every record is reported in order.
    @Test func readingGoesOnAfterAMalformedRecord() {
        let text = "a,b\nx,y\"z\n\"multi\nline\",ok\nc,\"d\"e\r\nf,\"never closed\ng,h\n"
        let results = CSV.read(text).map { result in
            switch result {
            case .success(let record): "\(record.line): \(record.fields)"
            case .failure(let error): error.description
            }
        }
        #expect(results == [
            #"1: ["a", "b"]"#, "line 2: a quote inside an unquoted field; quote the whole field and double the quote",
            #"3: ["multi\nline", "ok"]"#, "line 5: text after a closing quote",
            "line 6: a quoted field is never closed", #"7: ["g", "h"]"#,
        ])
    }
}

@Suite struct CSVSpreadsheetTests {
    @Test func formulasAreProtectedAndNumbersAreNot() {
        #expect(CSV.write([["=1+1", "@SUM(1)", "+cmd|' /C calc'!A0", "-40", "+1.5e3", "\tx", "plain"]])
                == "'=1+1,'@SUM(1),'+cmd|' /C calc'!A0,-40,+1.5e3,'\tx,plain\r\n")
        for field in ["=1+1", "@SUM(1)", "-40", "'quoted", "'=x", "''=x", "plain"] {
            #expect(CSV.unprotected(CSV.protected(field)) == field, "\(field)")
        }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try CSV.parse("\u{FEFF}a,b\r\n1,2\r\n").map(\.fields) == [["a", "b"], ["1", "2"]])
    }
}

/// Inputs the fuzzer found, kept as regression tests (and in the seed corpus, Fuzz/Corpus).
@Suite struct FuzzFindingsTests {
    @Test func aFieldStartingWithAByteOrderMarkSurvivesTheRoundTrip() throws {
        // Fuzz/Corpus/csv/regression-1b7fd302: two marks; the second belonged to the first field.
        let records = try CSV.parse("\u{FEFF}\u{FEFF}ah0=0+1?,-20\n")
        #expect(records.map(\.fields) == [["\u{FEFF}ah0=0+1?", "-20"]])
        #expect(try CSV.parse(CSV.write(records.map(\.fields))).map(\.fields) == records.map(\.fields))
    }

    @Test func aCombiningMarkAfterAQuoteOrACommaDoesNotHideIt() throws {
        // Fuzz/Corpus/csv/regression-1dfb9493: "\u{5C5} " was written quoted, and the quote and
        // the mark read back as one character.
        #expect(try CSV.parse(CSV.write([["\u{5C5} "]])).map(\.fields) == [["\u{5C5} "]])
        #expect(try CSV.parse("a,\u{301}b\r\n").map(\.fields) == [["a", "\u{301}b"]])
        #expect(try CSV.parse("\"\u{301}\",x\n").map(\.fields) == [["\u{301}", "x"]])
    }

    @Test func aQuoteOrAFormulaSignCarryingACombiningMarkIsStillOne() throws {
        // Fuzz/Corpus/csv/regression-fb53f5e9: `"` then U+07FD is one character, so the quote
        // was not doubled and the written field did not read back.
        let field = "say\"\u{7FD}hk\""
        #expect(CSV.write([[field]]) == "\"say\"\"\u{7FD}hk\"\"\"\r\n")
        #expect(try CSV.parse(CSV.write([[field, "x"]])).map(\.fields) == [[field, "x"]])
        // A spreadsheet sees the `=` whatever follows it.
        #expect(CSV.protected("=\u{301}1+1") == "'=\u{301}1+1")
        #expect(CSV.unprotected("'=\u{301}1+1") == "=\u{301}1+1")
        #expect(CSV.unprotected(CSV.protected("'\u{301}x")) == "'\u{301}x")
    }

    @Test func aFieldOfManyApostrophesIsProtectedInOnePass() throws {
        // The fuzzer's csv target slowed as it found longer runs of `'`: protection recursed
        // once per `'`, each level holding a copy of the rest, so 100,000 of them took 17 s and
        // 4.9 GB, and an imported field of a million would exhaust the machine.
        let apostrophes = String(repeating: "'", count: 1_000_000)
        #expect(CSV.protected(apostrophes + "=x") == "'" + apostrophes + "=x")
        #expect(CSV.unprotected("'" + apostrophes + "=x") == apostrophes + "=x")
        #expect(CSV.protected(apostrophes) == apostrophes)
        #expect(CSV.unprotected(apostrophes + "-40") == apostrophes + "-40")
    }

    @Test func aSubnormalQuantityPrintsAsANumber() throws {
        // Fuzz/Corpus/quantity/regression-90cf2a36: "1e-320W" printed as "null pW".
        let quantity = try Quantity.parse("1e-320W", as: .watt)
        #expect(!quantity.description.contains("null"))
        #expect(try Quantity.parse(quantity.description, as: .watt).value == quantity.value)
    }
}
