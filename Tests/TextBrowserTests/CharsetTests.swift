import Foundation
import ListorTestSupport
import Testing
import TextBrowser

/// Which encoding a page is in, in the WHATWG order, and its bytes decoded.
@Suite struct CharsetTests {
    /// The W3C "input byte stream" tests, as Debian ships them with Go's html/charset
    /// (golang-golang-x-net-dev), with the Content-Type each is served with and the encoding
    /// each must be read in (the table in Go's charset_test.go).
    static let w3cDirectory = "/usr/share/gocode/src/golang.org/x/net/html/charset/testdata"
    static let w3cCases: [(file: String, contentType: String?, expected: String)] = [
        ("HTTP-charset.html", "text/html; charset=iso-8859-15", "iso-8859-15"),
        ("UTF-16LE-BOM.html", nil, "utf-16le"),
        ("UTF-16BE-BOM.html", nil, "utf-16be"),
        ("meta-content-attribute.html", "text/html", "iso-8859-15"),
        ("meta-charset-attribute.html", "text/html", "iso-8859-15"),
        ("No-encoding-declaration.html", "text/html", "utf-8"),
        ("HTTP-vs-UTF-8-BOM.html", "text/html; charset=iso-8859-15", "utf-8"),
        ("HTTP-vs-meta-content.html", "text/html; charset=iso-8859-15", "iso-8859-15"),
        ("HTTP-vs-meta-charset.html", "text/html; charset=iso-8859-15", "iso-8859-15"),
        ("UTF-8-BOM-vs-meta-content.html", "text/html", "utf-8"),
        ("UTF-8-BOM-vs-meta-charset.html", "text/html", "utf-8"),
    ]

    @Test func theW3CPagesAreReadInTheirEncoding() throws {
        guard FileManager.default.fileExists(atPath: Self.w3cDirectory) else {
            let reason = "the W3C charset pages come with Debian's golang-golang-x-net-dev (apt-get install golang-golang-x-net-dev)"
            ExternalComponent.unavailable(reason)
            return
        }
        for (file, contentType, expected) in Self.w3cCases {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.w3cDirectory + "/" + file)))
            #expect(CharsetDetector.detect(bytes, contentType: contentType).charset.name == expected, "\(file)")
            // Each page's test element has a class written in the page's encoding: "ýäè" in the
            // UTF-8 ones, "ÃœÃ€Ãš" in the others: in ISO-8859-15 its Œ, € and Š are where that
            // encoding differs from Latin-1 and windows-1252.
            let expectedClass = expected == "utf-8" ? "ýäè" : "ÃœÃ€Ãš"
            let text = CharsetDecoder().decode(bytes, as: CharsetDetector.detect(bytes, contentType: contentType).charset)
            let document = HTMLParser().parse(text)
            let classes = document.nodes.indices.compactMap { document.attribute("class", of: $0) }
            #expect(classes.contains(expectedClass), "\(file): \(classes)")
        }
    }

    @Test(arguments: [
        ("shift_jis", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA], "日本語"),
        ("euc-jp", [0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC], "日本語"),
        ("gb18030", [0xD6, 0xD0, 0xCE, 0xC4], "中文"),
        ("gbk", [0xD6, 0xD0, 0xCE, 0xC4], "中文"),
        ("big5", [0xA4, 0xA4, 0xA4, 0xE5], "中文"),
        ("koi8-r", [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4], "Привет"),
        ("windows-1251", [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], "Привет"),
        ("iso-8859-2", [0xA3, 0xF3, 0x64, 0xBC], "Łódź"),
        ("windows-1252", [0x80, 0x81, 0x93, 0xE9, 0x94], "€\u{81}“é”"),
        ("utf-16le", [0xFF, 0xFE, 0x41, 0x00, 0x2D, 0x4E], "A中"),
        ("utf-16be", [0x00, 0x41, 0x4E, 0x2D], "A中"),
        ("utf-8", [0xEF, 0xBB, 0xBF, 0x61, 0xC3, 0xA9], "aé"),
    ] as [(String, [UInt8], String)])
    func bytesAreDecodedInEachEncoding(label: String, bytes: [UInt8], expected: String) throws {
        let charset = try #require(Charset(label: label))
        #expect(CharsetDecoder().decode(bytes, as: charset) == expected)
    }

    @Test func bytesThatAreNotValidBecomeReplacementCharactersAndTheRestIsKept() throws {
        #expect(CharsetDecoder().decode([0x41, 0xFF, 0x42, 0xC6, 0xFC], as: try #require(Charset(label: "euc-jp"))) == "A\u{FFFD}B日")
        #expect(CharsetDecoder().decode([0x41, 0xFF, 0x42], as: .utf8) == "A\u{FFFD}B")
        #expect(CharsetDecoder().decode([0x82, 0xA0, 0x82], as: try #require(Charset(label: "shift_jis"))) == "あ\u{FFFD}")
    }

    @Test func labelsAreMatchedAsTheEncodingStandardSays() {
        #expect(Charset(label: " Latin1 ")?.name == "windows-1252")
        #expect(Charset(label: "US-ASCII")?.name == "windows-1252")
        #expect(Charset(label: "x-sjis")?.name == "shift_jis")
        #expect(Charset(label: "ISO_8859-15")?.name == "iso-8859-15")
        #expect(Charset(label: "cp1251")?.name == "windows-1251")
        #expect(Charset(label: "utf-16")?.name == "utf-16le")
        #expect(Charset(label: "no-such-charset") == nil)
    }

    @Test func theOrderIsByteOrderMarkThenHTTPThenMetaThenContent() {
        let meta = Array("<meta charset=koi8-r><p>\u{00E9}".utf8)
        #expect(CharsetDetector.detect([0xEF, 0xBB, 0xBF] + meta, contentType: "text/html; charset=big5") == .init(charset: .utf8, source: .byteOrderMark))
        #expect(CharsetDetector.detect(meta, contentType: "text/html; charset=\"Big5\"").charset.name == "big5")
        #expect(CharsetDetector.detect(meta, contentType: "text/html; charset=bogus").charset.name == "koi8-r")
        #expect(CharsetDetector.detect(meta, contentType: "text/html").source == .meta)
        #expect(CharsetDetector.detect(Array("<p>caf\u{00E9}".utf8), contentType: nil) == .init(charset: .utf8, source: .sniffed))
        #expect(CharsetDetector.detect([0x3C, 0x70, 0x3E, 0xE9], contentType: nil) == .init(charset: .windows1252, source: .fallback))
    }

    @Test func theMetaPrescanFollowsTheStandard() {
        func detected(_ html: String) -> String? {
            let detection = CharsetDetector.detect(Array(html.utf8), contentType: "text/html")
            return detection.source == .meta ? detection.charset.name : nil
        }
        #expect(detected("<!-- <meta charset=koi8-r> --><meta charset='iso-8859-2'>") == "iso-8859-2")
        #expect(detected("<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=Shift_JIS\">") == "shift_jis")
        // A content charset without http-equiv=content-type is not a declaration.
        #expect(detected("<meta content=\"text/html; charset=koi8-r\">") == nil)
        #expect(detected("<meta charset=utf-16>") == "utf-8")
        #expect(detected("<title a='<meta charset=koi8-r>'>x</title>") == nil)
        #expect(detected(String(repeating: " ", count: 1024) + "<meta charset=koi8-r>") == nil)
        #expect(detected("<meta charset=nonsense><meta charset=koi8-r>") == "koi8-r")
    }

    @Test func aCharsetChosenByHandWins() throws {
        let reader = PageReader()
        let bytes: [UInt8] = Array("<meta charset=utf-8><p>".utf8) + [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]
        let koi8 = try #require(Charset(label: "koi8-r"))
        let result = reader.read(bytes, contentType: "text/html", url: URL(string: "http://x.test/")!, charset: koi8)
        #expect(result.charset.source == .override)
        #expect(result.page.lines == ["Привет"])
    }
}
