import Foundation
import ListorTestSupport
import Testing

/// `listor browse --dump` against `lynx -dump` on pages nobody here wrote: Debian's Python
/// documentation, served over loopback by Python's own `http.server` (HTTP/1.0 clients such as
/// w3m wait for the server to close the connection, which Hummingbird's test server does not). For each page, how much of lynx's text (as words) and
/// of its link targets Listor's dump has too; w3m's dump is measured against lynx the same way,
/// so the figures have something to be read against.
@Suite struct BrowserComparisonTests {
    static let documentation = "/usr/share/doc/python3.11/html"
    static let lynx = "/usr/bin/lynx"
    static let w3m = "/usr/bin/w3m"
    static let pages = [
        "index.html", "contents.html", "glossary.html", "bugs.html", "about.html", "copyright.html",
        "tutorial/index.html", "tutorial/appetite.html", "tutorial/interpreter.html", "tutorial/introduction.html",
        "tutorial/controlflow.html", "tutorial/datastructures.html", "tutorial/modules.html", "tutorial/inputoutput.html",
        "tutorial/errors.html", "tutorial/classes.html", "tutorial/stdlib.html", "tutorial/stdlib2.html", "tutorial/venv.html",
        "tutorial/whatnow.html", "tutorial/floatingpoint.html", "tutorial/appendix.html",
        "howto/sorting.html", "howto/regex.html", "howto/unicode.html", "howto/logging.html", "howto/argparse.html",
        "library/index.html", "library/re.html", "library/os.path.html", "library/json.html", "library/collections.html",
        "library/functions.html", "library/stdtypes.html", "reference/expressions.html", "reference/datamodel.html",
    ]

    struct Dump {
        var words: [String: Int] = [:]
        var wordCount = 0
        var links: Set<String> = []
    }

    /// The words of the text (letters and digits, lower case, `[n]` marks left out) and the
    /// link targets of the numbered list at the end.
    static func read(_ output: String, referenceLine: (Substring) -> Substring?) -> Dump {
        var dump = Dump()
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let end = lines.lastIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("References") } ?? lines.endIndex
        let text = lines[..<end].joined(separator: "\n").replacing(/\[\d+\]/, with: " ")
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            dump.words[String(word), default: 0] += 1
            dump.wordCount += 1
        }
        for line in lines[end...] {
            // Targets compared as addresses: lynx shows %40 as "@", the others as written.
            if let target = referenceLine(line) { dump.links.insert(target.removingPercentEncoding ?? String(target)) }
        }
        return dump
    }

    static func lynxReference(_ line: Substring) -> Substring? {
        line.firstMatch(of: /^\s*\d+\. (\S+)$/)?.output.1
    }

    static func w3mReference(_ line: Substring) -> Substring? {
        line.firstMatch(of: /^\[\d+\] (\S+)$/)?.output.1
    }

    /// Words both have (counted as often as both have them) over the larger count; links both
    /// have over the links either has.
    static func overlap(_ one: Dump, _ other: Dump) -> (words: Double, links: Double) {
        let shared = one.words.reduce(0) { $0 + min($1.value, other.words[$1.key] ?? 0) }
        let words = Double(shared) / Double(max(one.wordCount, other.wordCount, 1))
        let union = one.links.union(other.links).count
        let links = union == 0 ? 1 : Double(one.links.intersection(other.links).count) / Double(union)
        return (words, links)
    }

    func run(_ program: String, _ arguments: [String]) async throws -> String {
        let child = try ChildProcess(program, arguments, output: .kept)
        let (status, output) = try await child.exit(within: .seconds(120))
        guard status == 0 else { throw ChildProcess.Failure(description: "\(program) \(arguments.joined(separator: " ")) failed (\(status)): \(output.prefix(500))") }
        return output
    }

    @Test func listorsDumpsHaveLynxsWordsAndLinks() async throws {
        let missing = [Self.lynx, Self.w3m].filter { !FileManager.default.isExecutableFile(atPath: $0) }
            + (FileManager.default.fileExists(atPath: Self.documentation) ? [] : [Self.documentation])
        guard missing.isEmpty else {
            let reason = "comparing with lynx needs \(missing.joined(separator: " and ")) (Debian: apt-get install lynx w3m python3.11-doc)"
            ExternalComponent.unavailable(reason)
            return
        }
        let directory = try TemporaryDirectory()
        let (python, arguments) = TestPython.command(["-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", Self.documentation])
        let (server, banner) = try await ChildProcess.start(python, arguments, readyWhen: { $0.contains("Serving HTTP on 127.0.0.1 port ") })
        guard let port = banner.firstMatch(of: /port (\d+)/)?.output.1, let base = URL(string: "http://127.0.0.1:\(port)") else {
            await server.kill()
            throw ChildProcess.Failure(description: "python -m http.server did not say its port: \(banner)")
        }
        let outcome = await Result { [self] in
            var figures: [(page: String, listor: (words: Double, links: Double), w3m: (words: Double, links: Double))] = []
            for page in Self.pages {
                let url = base.absoluteString + "/" + page
                let lynx = Self.read(try await run(Self.lynx, ["-dump", "-width=80", "-display_charset=utf-8", url]), referenceLine: Self.lynxReference)
                let w3m = Self.read(try await run(Self.w3m, ["-dump", "-cols", "80", "-o", "display_link_number=1", "-T", "text/html", url]), referenceLine: Self.w3mReference)
                let listorRun = await listor(["browse", "--dump", "--no-history", "--data-dir", directory.url.path, url])
                #expect(listorRun.exitCode == 0, "\(page): \(listorRun.errorOutput)")
                let ours = Self.read(listorRun.output, referenceLine: Self.lynxReference)
                figures.append((page, Self.overlap(ours, lynx), Self.overlap(w3m, lynx)))
            }
            return figures
        }
        await server.stop()
        let figures = try outcome.get()
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let listorWords = figures.map(\.listor.words), listorLinks = figures.map(\.listor.links)
        let w3mWords = figures.map(\.w3m.words), w3mLinks = figures.map(\.w3m.links)
        print(String(format: "listor vs lynx on %d pages: words median %.3f min %.3f; links median %.3f min %.3f", figures.count,
                     median(listorWords), listorWords.min() ?? 0, median(listorLinks), listorLinks.min() ?? 0))
        print(String(format: "w3m vs lynx on %d pages: words median %.3f min %.3f; links median %.3f min %.3f", figures.count,
                     median(w3mWords), w3mWords.min() ?? 0, median(w3mLinks), w3mLinks.min() ?? 0))
        for figure in figures {
            print(String(format: "  %-32@ listor %.3f %.3f  w3m %.3f %.3f", figure.page as NSString, figure.listor.words, figure.listor.links, figure.w3m.words, figure.w3m.links))
        }
        #expect(figures.count >= 30)
        #expect(median(listorWords) >= 0.98)
        #expect((listorWords.min() ?? 0) >= 0.95)
        #expect(median(listorLinks) >= 0.95)
        #expect((listorLinks.min() ?? 0) >= 0.85)
    }
}
