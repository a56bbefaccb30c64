import Foundation
import ListorTestSupport
import Testing

/// Starting the programs the tests talk to (chromedriver, pymodbus's server, socat).
@Suite struct ChildProcessTests {
    /// A shell script that fails with `message` the first `failures` times it runs (counting its
    /// starts in `directory`), as chromedriver fails on a port in use, and then prints a ready line.
    static func flaky(failures: Int, message: String, in directory: TemporaryDirectory) -> [String] {
        let starts = directory.path("starts")
        return ["-c", """
            echo start >> '\(starts)'
            if [ "$(wc -l < '\(starts)')" -le \(failures) ]; then echo '\(message)'; exit 1; fi
            echo 'started successfully on port 4444'
            exec sleep 600
            """]
    }

    static func starts(in directory: TemporaryDirectory) throws -> Int {
        try String(contentsOfFile: directory.path("starts"), encoding: .utf8).split(separator: "\n").count
    }

    static let isReady: @Sendable (String) -> Bool = { $0.contains("started successfully") }

    @Test func aStartThatFindsItsPortInUseIsTriedAgain() async throws {
        let directory = try TemporaryDirectory()
        let arguments = Self.flaky(failures: 2, message: "bind() failed: Address already in use (98)", in: directory)
        let (process, printed) = try await ChildProcess.start("/bin/sh", arguments, readyWhen: Self.isReady)
        await process.kill()
        #expect(printed.contains("started successfully on port 4444"))
        #expect(try Self.starts(in: directory) == 3)
    }

    @Test func aStartThatKeepsFailingSaysWhichProgramHowOftenAndWhatItPrinted() async throws {
        let directory = try TemporaryDirectory()
        let arguments = Self.flaky(failures: 10, message: "error while attempting to bind: address already in use", in: directory)
        let failure = await #expect(throws: ChildProcess.Failure.self) {
            _ = try await ChildProcess.start("/bin/sh", arguments, readyWhen: Self.isReady, attempts: 3)
        }
        let description = failure?.description ?? ""
        #expect(description.hasPrefix("sh -c"), "\(description)")
        #expect(description.contains("did not start (tried 3 times)"), "\(description)")
        #expect(description.contains("status 1"), "\(description)")
        #expect(description.contains("address already in use"), "\(description)")
        #expect(try Self.starts(in: directory) == 3)
    }

    @Test func aFailureThatARetryCannotCureIsNotRetried() async throws {
        let directory = try TemporaryDirectory()
        let arguments = Self.flaky(failures: 10, message: "unknown option --port", in: directory)
        let failure = await #expect(throws: ChildProcess.Failure.self) {
            _ = try await ChildProcess.start("/bin/sh", arguments, readyWhen: Self.isReady)
        }
        #expect(failure?.description.contains("did not start (tried once)") == true, "\(failure?.description ?? "")")
        #expect(failure?.description.contains("unknown option --port") == true)
        #expect(try Self.starts(in: directory) == 1)
    }

    /// A program holds none of the test's descriptors: when the test closes a connection (here
    /// the write end of a pipe, left inheritable), the other end sees it close at once, not when
    /// the program ends. Found when schemathesis, started beside the connection tests, held their
    /// servers' sockets open.
    @Test func aProgramHoldsNoneOfTheTestsDescriptors() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let sleeper = try ChildProcess("/bin/sleep", ["600"])
        close(ends[1])
        var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        // Bounded so that a held descriptor fails the test instead of hanging it for ten minutes.
        let ready = poll(&reader, 1, 60_000)
        var byte: UInt8 = 0
        #expect(ready == 1 && read(ends[0], &byte, 1) == 0, "the pipe did not end while the program ran")
        close(ends[0])
        await sleeper.kill()
    }
}
