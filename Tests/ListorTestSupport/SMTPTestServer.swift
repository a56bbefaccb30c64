import Foundation

/// aiosmtpd's mail server (smtp_server.py) on loopback: someone else's SMTP, for the mail
/// client and the reminders. Each message it accepts is kept as a `Received`.
public struct SMTPTestServer: Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("smtp_server.py").path

    /// One message as the server took it.
    public struct Received: Decodable, Sendable, Hashable {
        public let from: String
        public let to: [String]
        public let subject: String
        public let headerFrom: String
        public let headerTo: String
        public let messageId: String
        public let body: String
        public let login: String?
        public let tls: Bool
    }

    public enum Mode: Sendable {
        case plain
        /// STARTTLS required, with a certificate for 127.0.0.1 made for the test.
        case startTLS
        /// TLS from the first byte (smtps).
        case tls
    }

    public let process: ChildProcess
    public let port: Int
    /// The certificate the server presents, to trust (LISTOR_SMTP_CA_FILE); nil for plain.
    public let certificate: String?
    private let directory: TemporaryDirectory

    /// Whether aiosmtpd cannot be imported as Tests/requirements.txt pins it; then skips
    /// (printing why) or, under LISTOR_REQUIRE_EXTERNAL=1, fails the test.
    public static func isMissing() async -> Bool {
        guard let reason = await TestPython.missing(["aiosmtpd", "atpublic", "attrs"], for: "the mail tests") else { return false }
        ExternalComponent.unavailable(reason)
        return true
    }

    /// Starts a server; it answers 451 to the first `defer` messages, 550 to every recipient
    /// when `rejecting`, and requires `login` ("user:password") when given.
    public static func start(_ mode: Mode = .plain, defer deferred: Int = 0, rejecting: Bool = false, login: String? = nil) async throws -> SMTPTestServer {
        let directory = try TemporaryDirectory()
        var arguments = [script]
        switch mode {
        case .plain: break
        case .startTLS: arguments += ["--tls", directory.url.path]
        case .tls: arguments += ["--implicit-tls", directory.url.path]
        }
        if deferred > 0 { arguments += ["--defer", String(deferred)] }
        if rejecting { arguments.append("--reject") }
        if let login { arguments += ["--login", login] }
        arguments.append(directory.path("mail.jsonl"))
        let (executable, all) = TestPython.command(arguments)
        let (process, printed) = try await ChildProcess.start(executable, all, readyWhen: { $0.contains(/listening on \d+/) })
        guard let match = printed.firstMatch(of: /listening on (\d+)/), let port = Int(match.output.1) else {
            await process.kill()
            throw ChildProcess.Failure(description: "smtp_server.py printed no port: \(printed)")
        }
        return SMTPTestServer(process: process, port: port, certificate: mode == .plain ? nil : directory.path("cert.pem"), directory: directory)
    }

    /// The messages taken so far, in order.
    public func received() throws -> [Received] {
        guard let data = FileManager.default.contents(atPath: directory.path("mail.jsonl")) else { return [] }
        return try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Received.self, from: Data($0)) }
    }

    /// Waits (without polling) until the server has taken `count` messages in all, or `limit` passes.
    public func waitForMessages(_ count: Int, within limit: Duration = .seconds(120)) async throws -> [Received] {
        var printed = 0
        while try received().count < count {
            let now = try await process.printed(moreThan: printed, within: limit)
            guard now > printed else { break }
            printed = now
        }
        return try received()
    }

    public func stop() async {
        await process.stop()
    }

    public static func with<T>(_ mode: Mode = .plain, defer deferred: Int = 0, rejecting: Bool = false, login: String? = nil,
                               _ body: (SMTPTestServer) async throws -> T) async throws -> T {
        let server = try await start(mode, defer: deferred, rejecting: rejecting, login: login)
        let outcome: Result<T, any Error>
        do { outcome = .success(try await body(server)) } catch { outcome = .failure(error) }
        await server.stop()
        return try outcome.get()
    }
}
