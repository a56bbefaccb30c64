import Foundation
import ListorCLI
import ListorCommandKit
import ListorHTTPClient
import ListorKit
import ListorLauncher
import ListorTestSupport
import Testing

/// `listor` installed as the README's Deployment section and `deploy/listor.service` say, as
/// `deploy/install` copies it into an empty folder: the release programs (`listor`, and `listor-serve`,
/// `listor-browse`, … which it becomes for each command group), copied alone, and run with the
/// package (its sources and build trees) and the Swift toolchain's libraries out of sight, in a
/// mount namespace of the test's own. Every app's pages, the OpenAPI document and `/ready` from
/// `serve`; `--version`, `--help` (as `listor` in one program says it), `transistors list` and
/// `browse --dump` from the command line; and what `listor serve` says when `listor-serve` is
/// missing.
///
/// The programs are the ones `.ci/run` builds (`deploy/build`; `LISTOR_RELEASE_BINARY` names
/// `listor`), which `deploy/install` only copies; a debug build is not what an operator installs.
@Suite struct InstalledBinaryTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the Swift runtime this test itself runs on, as the loader mapped it.
    static func toolchainLibraries() throws -> String {
        // Read to its end: /proc's files say they are empty.
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readToEnd() ?? Data(), as: UTF8.self)
        let core = try #require(maps.split(separator: "\n").lazy.compactMap { $0.split(separator: " ").last }.first { $0.hasSuffix("/libswiftCore.so") },
                                "the test runs on no libswiftCore.so")
        // …/usr/lib/swift/linux/libswiftCore.so: hide …/usr/lib, which has Foundation and the rest too.
        return URL(fileURLWithPath: String(core)).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// `arguments` run by `binary` in a mount namespace where `hidden` folders are empty.
    static func command(_ binary: String, _ arguments: [String], hiding hidden: [String]) -> (String, [String]) {
        let script = hidden.map { "mount -t tmpfs -o ro listor-test \"\($0)\" && " }.joined() + "exec \"$0\" \"$@\""
        return ("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", script, binary] + arguments)
    }

    @Test func theBinaryCopiedAloneRunsEveryAppWithoutTheBuildTreeOrTheToolchain() async throws {
        guard let built = ProcessInfo.processInfo.environment["LISTOR_RELEASE_BINARY"], FileManager.default.isExecutableFile(atPath: built) else {
            ExternalComponent.unavailable("installing listor needs its release build: deploy/build, then LISTOR_RELEASE_BINARY=.build/release/listor (.ci/run does both)")
            return
        }
        // What `listor --help` says as one program, in process.
        let oneProgramHelp = await listor("--help").output
        let directory = try TemporaryDirectory()
        let bin = directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        // What deploy/install copies once deploy/build has built it (which this test, run by
        // swift test, cannot run: the build folder is swift test's until it ends).
        let listed = try await ChildProcess(Self.package.appendingPathComponent("deploy/build").path, ["--programs"]).exit()
        let programs = listed.output.split(separator: "\n").map { Self.package.appendingPathComponent(String($0)).path }
        // The programs deploy/install copies are the ones .ci/run built (.build/release is a link).
        let folder = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path }
        #expect(programs.map(folder) == Array(repeating: folder(built), count: programs.count))
        #expect(try await ChildProcess("/usr/bin/install", ["-m", "755"] + programs + [bin + "/"]).exit().status == 0)
        let listor = bin + "/listor"
        #expect(try FileManager.default.contentsOfDirectory(atPath: bin).sorted() == (["listor"] + CommandGroup.allCases.map(\.program)).sorted())
        let hidden = [Self.package.path, try Self.toolchainLibraries()]
        @Sendable func run(_ arguments: String...) async throws -> (status: Int32, output: String) {
            let (executable, all) = Self.command(listor, arguments, hiding: hidden)
            return try await ChildProcess(executable, all).exit()
        }

        // The namespace really hides them: a binary of the toolchain's own cannot start in it.
        let swiftHidden = try await run("--version")
        #expect(swiftHidden.status == 0, "\(swiftHidden.output)")
        #expect(swiftHidden.output == "\(Launcher.version)\n")
        let (ls, lsArguments) = Self.command("/bin/ls", [hidden[1], Self.package.path], hiding: hidden)
        #expect(try await ChildProcess(ls, lsArguments).exit().output.split(separator: "\n").allSatisfy { $0.hasSuffix(":") || $0.isEmpty })

        let help = try await run("--help")
        #expect(help.status == 0)
        #expect(help.output == oneProgramHelp)

        let list = try await run("transistors", "list")
        #expect(list.status == 0, "\(list.output)")
        #expect(list.output.contains("2N2222A"))

        try await withLoopbackServer(BrowserTestSite.router()) { base in
            let dump = try await run("browse", "--dump", "--no-history", "--no-references", base.absoluteString + "/page")
            #expect(dump.status == 0, "\(dump.output)")
            #expect(dump.output.hasPrefix("The page\n========\n"))
        }

        let data = directory.path("data")
        let (executable, arguments) = Self.command(listor, ["serve", "--port", "0", "--data-dir", data], hiding: hidden)
        let (server, printed) = try await ChildProcess.start(executable, arguments, readyWhen: { $0.contains(/Listor is running at http:\/\/127\.0\.0\.1:\d+\//) })
        let served = await Result<Void, any Error>(catching: { try await Self.checkPages(of: printed) })
        await server.stop()
        try served.get()

        // listor alone: serve says what is missing and where, and the other commands still work.
        try FileManager.default.removeItem(atPath: bin + "/listor-serve")
        let alone = try await run("serve", "--port", "0", "--data-dir", data)
        #expect(alone.status == 1)
        #expect(alone.output.contains("error: listor serve runs \(bin)/listor-serve: No such file or directory; install it beside listor"), "\(alone.output)")
        #expect(try await run("transistors", "list").status == 0)
    }

    /// Every app's pages, the site's stylesheet, the OpenAPI document and `/ready` from the
    /// `serve` that printed `printed`.
    static func checkPages(of printed: String) async throws {
        #expect(printed.contains("Listor \(Launcher.version) starting"))
        let port = try #require(printed.firstMatch(of: /Listor is running at http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.output.1) })
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        try await withLiveHTTPTransport { transport in
            func get(_ path: String) async throws -> (status: Int, body: String) {
                let answer = try await transport.get(try #require(URL(string: path, relativeTo: base)), HTTPLimits())
                return (answer.status, String(decoding: answer.body, as: UTF8.self))
            }
            for (path, text) in [("/", "Transistor Listor"), ("/transistors", "2N2222A"), ("/modbus", "Flow Rate"), ("/library", "<title>Library · Listor</title>"),
                                 ("/browser", "VessBrowser"), ("/stella", "Stella"), ("/stella/ready-to-wear", "Stella"), ("/openapi.json", "\"openapi\"")] {
                let (status, body) = try await get(path)
                #expect(status == 200, "\(path): \(status)")
                #expect(body.contains(text), "\(path) does not say \(text)")
            }
            let css = try await get("/static/listor.css")
            #expect(css.status == 200)
            #expect(css.body == (try String(contentsOf: package.appendingPathComponent("Sources/ListorWeb/Resources/Public/listor.css"), encoding: .utf8)))
            // Ready once the library's store answers and the simulated meter is polled; each
            // try is a request, and the number of tries is bounded.
            var ready = try await get("/ready")
            for _ in 0..<500 where ready.status != 200 { ready = try await get("/ready") }
            #expect(ready.status == 200, "\(ready.body)")
        }
    }
}
