import Foundation
import ListorTestSupport
import Testing
import TextBrowser

/// The reader on real pages nobody here wrote (`../shared/corpora`, kept out of the repository):
/// the article-extraction benchmark's dev pages scored by its own rule against the bodies people
/// marked, and Mozilla's reader test pages against Readability.js's output. The floors are below
/// what the extractor does (Benchmarks/run-reader.sh prints the figures), so that a change that
/// makes it worse fails here. Skips, saying why, where the corpora are absent.
@Suite struct ArticleCorpusTests {
    static let corpora: URL = {
        if let path = ProcessInfo.processInfo.environment["LISTOR_CORPORA"] { return URL(fileURLWithPath: path) }
        // Tests/TextBrowserTests/ArticleCorpusTests.swift → the package → ../shared/corpora
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return package.deletingLastPathComponent().appending(path: "shared/corpora")
    }()

    static func available(_ folder: URL) -> Bool {
        if FileManager.default.fileExists(atPath: folder.path) { return true }
        ExternalComponent.unavailable("the reader's corpus tests need \(folder.path) (the shared corpora; LISTOR_CORPORA=path names another place)")
        return false
    }

    static func article(_ bytes: [UInt8]) throws -> ReadArticle {
        PageReader(layout: TextLayout(articleOnly: true)).article(bytes, contentType: nil, url: try #require(URL(string: "https://example.test/page")))
    }

    /// The benchmark's dev pages: precision, recall and F1 by its rule, and no page that fails.
    @Test func theBenchmarksPagesAreReadAsPeopleMarkedThem() throws {
        let folder = Self.corpora.appending(path: "articles-dev")
        guard Self.available(folder) else { return }
        let truth = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appending(path: "ground-truth.json"))) as? [String: [String: Any]])
        var score = ShingleScore()
        for (id, entry) in truth {
            let body = try #require(entry["articleBody"] as? String)
            let read = try Self.article(try Self.gunzip(folder.appending(path: "html/\(id).html.gz")))
            #expect(read.isArticle, "no article found on \(id)")
            score.add(truth: body, prediction: read.text)
        }
        #expect(score.pages == truth.count && truth.count >= 90)
        #expect(score.precision >= 0.93 && score.recall >= 0.96 && score.f1 >= 0.95, "\(score)")
    }

    /// Mozilla's reader test pages: near what Readability.js gives (token F1, as
    /// Benchmarks/Reader/mozilla.py counts it), and every page read.
    @Test func mozillasReaderPagesAreNearReadabilityJS() throws {
        let folder = Self.corpora.appending(path: "readability-pages/test/test-pages")
        guard Self.available(folder) else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var total = 0.0
        for name in names {
            let page = folder.appending(path: name)
            let read = try Self.article(Array(try Data(contentsOf: page.appending(path: "source.html"))))
            let expected = HTMLParser().parse(try String(contentsOf: page.appending(path: "expected.html"), encoding: .utf8))
            var score = ShingleScore(size: 1)
            score.add(truth: expected.text(of: 0), prediction: read.text)
            total += score.f1
        }
        #expect(names.count >= 100)
        #expect(total / Double(max(names.count, 1)) >= 0.92, "mean token F1 \(total / Double(max(names.count, 1)))")
    }

    static func gunzip(_ file: URL) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gzip -dc \(file.path)")
        return Array(data)
    }
}

/// The article-extraction benchmark's score (../shared/corpora/README.md): shingles of `size`
/// (four) word tokens, counted as multisets; each page's true and false positives and false negatives
/// divided by their sum, so every page weighs the same; precision and recall the means over
/// pages, F1 from those two.
struct ShingleScore: CustomStringConvertible {
    private var precisions: [Double] = []
    private var recalls: [Double] = []
    private(set) var pages = 0
    let size: Int

    init(size: Int = 4) {
        self.size = size
    }

    mutating func add(truth: String, prediction: String) {
        let expected = shingles(truth), found = shingles(prediction)
        var tp = 0, fp = 0, fn = 0
        for (shingle, count) in found { tp += min(count, expected[shingle] ?? 0); fp += max(0, count - (expected[shingle] ?? 0)) }
        for (shingle, count) in expected { fn += max(0, count - (found[shingle] ?? 0)) }
        pages += 1
        if fp == 0 && fn == 0 { precisions.append(1); recalls.append(1); return }
        if tp + fp > 0 { precisions.append(Double(tp) / Double(tp + fp)) }
        if tp + fn > 0 { recalls.append(Double(tp) / Double(tp + fn)) }
    }

    var precision: Double { precisions.isEmpty ? 0 : precisions.reduce(0, +) / Double(precisions.count) }
    var recall: Double { recalls.isEmpty ? 0 : recalls.reduce(0, +) / Double(recalls.count) }
    var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    var description: String { String(format: "precision %.3f, recall %.3f, F1 %.3f over %d pages", precision, recall, f1, pages) }

    func shingles(_ text: String) -> [[Substring]: Int] {
        let tokens = text.matches(of: /\w+/).map(\.output)
        var counts: [[Substring]: Int] = [:]
        if tokens.count < size { counts[tokens, default: 0] += 1; return counts }
        for start in 0...(tokens.count - size) { counts[Array(tokens[start..<(start + size)]), default: 0] += 1 }
        return counts
    }
}
