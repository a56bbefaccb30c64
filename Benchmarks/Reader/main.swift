import Foundation
import TextBrowser

// What finding the article costs beside what `listor browse --dump` does anyway, page by page:
// the dump's work (the bytes decoded, parsed and laid out: `PageReader.read`) against the
// article's (`ArticleExtractor` and `ArticleMetadata` over the same parsed page), medians of
// ROUNDS runs (5). Then the article's cost on the largest page repeated 1, 2, 4, 8 and 16 times,
// per kilobyte, which stays flat when it is linear in the page's size.
// Usage: ReaderBenchmark PAGE.html… (run-reader.sh passes the benchmark's dev pages)

let rounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 5
let url = URL(string: "https://example.test/page")!

func median(_ work: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<rounds {
        let elapsed = ContinuousClock().measure(work)
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return times.sorted()[rounds / 2]
}

/// The article's own work on a parsed page.
func findArticle(_ document: HTMLDocument) {
    let article = ArticleExtractor().article(in: document)
    _ = ArticleMetadata(document, url: url, article: article?.root)
}

func extract(_ document: HTMLDocument) { _ = ArticleExtractor().article(in: document) }

let pages = CommandLine.arguments.dropFirst().map { path in (path, Array(FileManager.default.contents(atPath: path) ?? Data())) }
var dumpTotal = 0.0, articleTotal = 0.0, extractTotal = 0.0, worst = (ratio: 0.0, page: "")
for (path, bytes) in pages {
    let dump = median { _ = PageReader().read(bytes, contentType: "text/html", url: url) }
    let document = HTMLParser().parse(String(decoding: bytes, as: UTF8.self))
    let article = median { findArticle(document) }
    extractTotal += median { extract(document) }
    dumpTotal += dump
    articleTotal += article
    if article / dump > worst.ratio { worst = (article / dump, (path as NSString).lastPathComponent) }
}
print(String(format: "pages %d  dump %.1f ms  article %.1f ms (the extractor %.1f, the metadata the rest)  article/dump %.1f %%  (worst page %.1f %%: %@)",
             pages.count, dumpTotal * 1000, articleTotal * 1000, extractTotal * 1000, articleTotal / max(dumpTotal, 1e-9) * 100, worst.ratio * 100, worst.page))

if let (path, bytes) = pages.max(by: { $0.1.count < $1.1.count }) {
    let html = String(decoding: bytes, as: UTF8.self)
    print("linear: \((path as NSString).lastPathComponent) repeated")
    for copies in [1, 2, 4, 8, 16] {
        let document = HTMLParser().parse(String(repeating: html, count: copies))
        let seconds = median { findArticle(document) }
        print(String(format: "  ×%-2d %8.0f KB  article %8.2f ms  %6.1f µs/KB", copies, Double(bytes.count * copies) / 1024, seconds * 1000,
                     seconds * 1e6 / (Double(bytes.count * copies) / 1024)))
    }
}
