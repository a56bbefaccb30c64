import Foundation
import Hummingbird
import ListorTestSupport
import Testing

/// A reader that goes away (`listor … | head`) ends `listor` quietly, as it ends `lynx -dump`
/// or `git log`: killed by SIGPIPE, status 141 in the shell, nothing on standard error, whatever
/// connections and threads the command has started.
@Suite struct ClosedPipeTests {
    /// A page whose dump is far longer than a pipe holds.
    static let page = "<title>Long</title>" + (0..<20_000).map { "<p>Paragraph \($0) of a page far longer than a pipe holds.</p>" }.joined()

    /// Runs `listor arguments | head -1` in bash and returns listor's status and what it wrote
    /// to standard error.
    func piped(_ arguments: [String]) async throws -> (status: Int, errors: String, first: String) {
        let directory = try TemporaryDirectory()
        let command = ([TmuxServer.listor] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let script = "\(command) 2>'\(directory.path("errors"))' | head -1; echo \"status ${PIPESTATUS[0]}\""
        let (_, output) = try await ChildProcess("/bin/bash", ["-c", script]).exit(within: .seconds(120))
        let status = Int(output.firstMatch(of: /status (\d+)/)?.output.1 ?? "") ?? -1
        let errors = (try? String(contentsOfFile: directory.path("errors"), encoding: .utf8)) ?? ""
        return (status, errors, String(output.split(separator: "\n").first ?? ""))
    }

    @Test func aDumpOfAFileEndsQuietlyWhenItsReaderGoes() async throws {
        guard FileManager.default.isExecutableFile(atPath: TmuxServer.listor) else {
            ExternalComponent.unavailable("the closed-pipe test needs the built listor at \(TmuxServer.listor)")
            return
        }
        let directory = try TemporaryDirectory()
        let file = try directory.write("long.html", Data(Self.page.utf8))
        let run = try await piped(["browse", "--dump", "--no-history", file])
        #expect(run.first == "Paragraph 0 of a page far longer than a pipe holds.")
        #expect(run.status == 141, "killed by SIGPIPE")
        #expect(run.errors.isEmpty, "\(run.errors.prefix(500))")
    }

    /// Over HTTP, with AsyncHTTPClient's threads running.
    @Test func aDumpOverHTTPEndsQuietlyWhenItsReaderGoes() async throws {
        guard FileManager.default.isExecutableFile(atPath: TmuxServer.listor) else {
            ExternalComponent.unavailable("the closed-pipe test needs the built listor at \(TmuxServer.listor)")
            return
        }
        let router = Router()
        router.get("long") { _, _ in Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: Self.page))) }
        try await withLoopbackServer(router) { base in
            let run = try await piped(["browse", "--dump", "--no-history", base.absoluteString + "/long"])
            #expect(run.first == "Paragraph 0 of a page far longer than a pipe holds.")
            #expect(run.status == 141, "killed by SIGPIPE")
            #expect(run.errors.isEmpty, "\(run.errors.prefix(500))")
        }
    }
}
