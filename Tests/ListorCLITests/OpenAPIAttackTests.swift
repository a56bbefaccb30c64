import Foundation
import ListorTestSupport
import Testing

/// Every API's OpenAPI document turned on a live `listor serve` by schemathesis, a tool
/// someone else wrote that reads nothing but the document: 40 examples per operation in each
/// of its phases (examples, boundary values, random data, and create-then-use sequences along
/// the documents' links), on one worker. The run fails on a 5xx, a status, content type,
/// header or body the document does not give, a created book that cannot be read or a deleted
/// one that can, and a refused library write that changed anything
/// (`Tests/ListorTestSupport/schemathesis.toml` and `schemathesis_hooks.py` say how).
@Suite("The APIs attacked through their OpenAPI documents")
struct OpenAPIAttackTests {
    static let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("ListorTestSupport")

    @Test("schemathesis finds nothing in any API's document or answers", .timeLimit(.minutes(20)))
    func schemathesisFindsNothing() async throws {
        if let reason = await TestPython.missing(["schemathesis"], for: "the attack on the APIs") {
            ExternalComponent.unavailable(reason)
            return
        }
        if let reason = TmuxServer.missing {
            ExternalComponent.unavailable(reason)
            return
        }
        // The built `listor serve` in a process of its own, as deployed: under the attack's load,
        // a server in the test process would slow every other test's servers down with it.
        let scratch = try TemporaryDirectory()
        let (server, printed) = try await ChildProcess.start(TmuxServer.listor, ["serve", "--port", "0", "--data-dir", scratch.path("data")],
                                                             readyWhen: { $0.contains("running at http") })
        let base = try #require(printed.firstMatch(of: /running at (http:\/\/127\.0\.0\.1:\d+)\//).map { String($0.1) }, "\(printed)")
        for prefix in ["/api/transistors", "/api/modbus", "/library/api", "/stella/api", "/browser/api"] {
            let document = base + prefix + "/openapi.json"
            let (python, arguments) = TestPython.command([
                "-m", "schemathesis.cli", "--config-file", Self.support.appendingPathComponent("schemathesis.toml").path, "--no-color", "run", document,
            ])
            // The hooks are a module of the config's folder; Hypothesis keeps its examples in the scratch folder.
            let run = try ChildProcess("/usr/bin/env", ["PYTHONPATH=\(Self.support.path)", "HYPOTHESIS_STORAGE_DIRECTORY=\(scratch.path("hypothesis"))", python]
                                       + arguments)
            let (status, output) = try await run.exit(within: .seconds(600))
            #expect(status == 0, "schemathesis on \(document) (status \(status)):\n\(output.suffix(6000))")
            #expect(output.contains("passed"), "schemathesis printed no result for \(document):\n\(output.suffix(2000))")
        }
        await server.stop()
        withExtendedLifetime(scratch) {}
    }
}
