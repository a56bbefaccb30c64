import Foundation
import ListorTestSupport
import Testing

/// `deploy/listor.service` as systemd reads it: no key it does not know, nothing it cannot run,
/// and sandboxed as `systemd-analyze security` rates a well-kept service. (This machine's init
/// is not systemd, so the unit is checked offline rather than started.)
@Suite struct SystemdUnitTests {
    static let analyze = "/usr/bin/systemd-analyze"
    static let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("deploy/listor.service")

    @Test func theUnitVerifiesCleanlyAndIsSandboxed() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.analyze), FileManager.default.isExecutableFile(atPath: TmuxServer.listor) else {
            ExternalComponent.unavailable("checking the systemd unit needs systemd-analyze (Debian: apt-get install systemd) and a built listor")
            return
        }
        let text = try String(contentsOf: Self.unit, encoding: .utf8)
        for setting in ["DynamicUser=yes", "StateDirectory=listor", "Restart=on-failure", "ProtectSystem=strict", "NoNewPrivileges=yes"] {
            #expect(text.split(separator: "\n").contains(Substring(setting)), "\(setting) is missing")
        }
        // Room for every connection serve takes by default, and a documentation address that
        // deploy/install fills (the README beside the programs' folder, in share/doc/listor).
        let files = try #require(text.firstMatch(of: /\nLimitNOFILE=(\d+)\n/).flatMap { Int($0.output.1) }, "LimitNOFILE is missing")
        #expect(files >= 2 * 1000, "LimitNOFILE=\(files) is less than twice serve's 1000 connections")
        let documentation = try #require(text.firstMatch(of: /\nDocumentation=file:(\S+)\n/)?.output.1, "Documentation= names no installed file")
        let install = try String(contentsOf: Self.unit.deletingLastPathComponent().appendingPathComponent("install"), encoding: .utf8)
        #expect(documentation == "/usr/local/share/doc/listor/README.md" && install.contains(#"install -D -m 644 README.md "$bin/../share/doc/listor/README.md""#))
        // As installed, with the binary where the unit's first comment puts it; here, the one just built.
        let directory = try TemporaryDirectory()
        let installed = directory.path("listor.service")
        try text.replacingOccurrences(of: "/usr/local/bin/listor", with: TmuxServer.listor).write(toFile: installed, atomically: true, encoding: .utf8)
        let verify = try ChildProcess(Self.analyze, ["verify", "--man=no", installed])
        let (status, output) = try await verify.exit()
        #expect(status == 0 && output.isEmpty, "systemd-analyze verify: \(output)")
        let security = try ChildProcess(Self.analyze, ["security", "--offline=yes", installed])
        let report = try await security.exit().output
        let level = try #require(report.firstMatch(of: /Overall exposure level for listor\.service: (\d+\.\d)/)?.output.1, "\(report)")
        #expect(try #require(Double(level)) <= 2.0, "exposure \(level): \(report)")
    }
}
