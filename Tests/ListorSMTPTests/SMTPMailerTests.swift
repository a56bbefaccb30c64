import Foundation
import ListorKit
import ListorSMTP
import ListorTestSupport
import Glibc
import Testing

/// The mail client against aiosmtpd, someone else's SMTP server, on loopback.
@Suite struct SMTPMailerTests {
    static let message = MailMessage(
        from: try! MailAddress("library@example.org", name: "Prolific Library"), to: try! MailAddress("ann@example.org", name: "Ann Brontë"),
        subject: "“Dune” is waiting for you — collect it by Friday, December 4, 2026, or it passes on",
        body: "Dear Ann,\n\n“Dune” is set aside for you.\n.a line that starts with a dot\n\nProlific Library\n", id: "reminder-7",
        date: Date(timeIntervalSince1970: 1_796_000_400))

    func mailer(_ server: SMTPTestServer, url: String, environment: [String: String] = [:]) throws -> SMTPMailer {
        var environment = environment
        if let certificate = server.certificate { environment["LISTOR_SMTP_CA_FILE"] = certificate }
        return try SMTPMailer(try SMTPSettings(url: url, environment: environment))
    }

    @Test func aMessageArrivesWhole() async throws {
        guard !(await SMTPTestServer.isMissing()) else { return }
        try await SMTPTestServer.with { server in
            try await mailer(server, url: "smtp://127.0.0.1:\(server.port)?tls=none").send(Self.message)
            let received = try server.received()
            #expect(received.count == 1)
            let mail = try #require(received.first)
            #expect(mail.from == "library@example.org" && mail.to == ["ann@example.org"])
            #expect(mail.subject == Self.message.subject, "a long subject not in ASCII, encoded and folded, comes back whole")
            #expect(mail.headerFrom == "Prolific Library <library@example.org>" && mail.headerTo == "Ann Brontë <ann@example.org>")
            #expect(mail.messageId == "<reminder-7@example.org>")
            #expect(mail.body.replacingOccurrences(of: "\r\n", with: "\n") == Self.message.body, "the dot that starts a line is kept")
            #expect(!mail.tls && mail.login == nil)
        }
    }

    @Test func startTLSWithALoginAndTLSFromTheStart() async throws {
        guard !(await SMTPTestServer.isMissing()) else { return }
        try await SMTPTestServer.with(.startTLS, login: "library:s3cret") { server in
            let login = ["LISTOR_SMTP_USERNAME": "library", "LISTOR_SMTP_PASSWORD": "s3cret"]
            try await mailer(server, url: "smtp://127.0.0.1:\(server.port)", environment: login).send(Self.message)
            let received = try server.received()
            let mail = try #require(received.first)
            #expect(mail.tls && mail.login == "library")
            // A wrong password is refused for good, with the server's answer.
            let wrong = await #expect(throws: MailError.self) {
                try await mailer(server, url: "smtp://127.0.0.1:\(server.port)", environment: ["LISTOR_SMTP_USERNAME": "library", "LISTOR_SMTP_PASSWORD": "no"]).send(Self.message)
            }
            #expect(wrong?.code == .refused && wrong?.description.contains("535") == true, "\(String(describing: wrong))")
            // The certificate is not trusted without the CA file.
            let untrusted = await #expect(throws: MailError.self) {
                try await SMTPMailer(try SMTPSettings(url: "smtp://127.0.0.1:\(server.port)", environment: login)).send(Self.message)
            }
            #expect(untrusted?.isTransient == true && untrusted?.description.localizedCaseInsensitiveContains("certificate") == true,
                    "\(String(describing: untrusted))")
        }
        try await SMTPTestServer.with(.tls) { server in
            try await mailer(server, url: "smtps://127.0.0.1:\(server.port)").send(Self.message)
            let received = try server.received()
            #expect(received.map(\.tls) == [true])
        }
    }

    @Test func aServerWithoutSTARTTLSIsRefusedUnlessToldSo() async throws {
        guard !(await SMTPTestServer.isMissing()) else { return }
        try await SMTPTestServer.with { server in
            let refused = await #expect(throws: MailError.self) { try await mailer(server, url: "smtp://127.0.0.1:\(server.port)").send(Self.message) }
            #expect(refused?.code == .refused && refused?.description.contains("does not offer STARTTLS") == true)
            let received = try server.received()
            #expect(received.isEmpty)
        }
    }

    @Test func aRefusedConnectionAndA451AreWorthRetryingA550IsNot() async throws {
        guard !(await SMTPTestServer.isMissing()) else { return }
        // A port bound and never listened on: a connection is refused, and no other test's
        // server can take the port meanwhile (a stopped server's port could be taken again).
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try #require(withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        })
        let port = Int(UInt16(bigEndian: address.sin_port))
        let unreachable = await #expect(throws: MailError.self) {
            try await SMTPMailer(try SMTPSettings(url: "smtp://127.0.0.1:\(port)?tls=none", environment: [:])).send(Self.message)
        }
        #expect(unreachable?.code == .unreachable && unreachable?.description == "cannot connect to the mail server at 127.0.0.1:\(port): Connection refused",
                "\(String(describing: unreachable))")
        try await SMTPTestServer.with(defer: 1) { server in
            let url = "smtp://127.0.0.1:\(server.port)?tls=none"
            let deferred = await #expect(throws: MailError.self) { try await mailer(server, url: url).send(Self.message) }
            #expect(deferred?.code == .deferred && deferred?.isTransient == true && deferred?.description.contains("451 4.3.0 try again later") == true)
            try await mailer(server, url: url).send(Self.message)
            let received = try server.received()
            #expect(received.count == 1)
        }
        try await SMTPTestServer.with(rejecting: true) { server in
            let rejected = await #expect(throws: MailError.self) { try await mailer(server, url: "smtp://127.0.0.1:\(server.port)?tls=none").send(Self.message) }
            #expect(rejected?.code == .refused && rejected?.isTransient == false && rejected?.description.contains("550 5.1.1") == true)
        }
    }

    @Test func urlsAndAddressesAreCheckedWithTheirReasons() throws {
        let plain = try SMTPSettings(url: "smtp://mail.example.org", environment: [:])
        #expect(plain.security == .startTLS && plain.port == 587)
        let tls = try SMTPSettings(url: "smtps://library@mail.example.org", environment: ["LISTOR_SMTP_PASSWORD": "x"])
        #expect(tls.security == .tls && tls.port == 465 && tls.username == "library" && tls.password == "x")
        #expect(tls.description == "smtps://mail.example.org:465 (TLS, as library)")
        #expect(throws: SMTPSettingsError("put the password in LISTOR_SMTP_PASSWORD, not in the URL, which is shown in logs")) {
            try SMTPSettings(url: "smtp://a:b@mail.example.org", environment: [:])
        }
        #expect(throws: SMTPSettingsError("a user name is given but no password: set LISTOR_SMTP_PASSWORD")) {
            try SMTPSettings(url: "smtp://mail.example.org", environment: ["LISTOR_SMTP_USERNAME": "a"])
        }
        #expect(throws: SMTPSettingsError("http:// is not smtp:// (STARTTLS) or smtps:// (TLS)")) { try SMTPSettings(url: "http://mail.example.org", environment: [:]) }
        #expect(throws: SMTPSettingsError("tls=maybe is not one of starttls, none (smtps:// is TLS from the start)")) {
            try SMTPSettings(url: "smtp://mail.example.org?tls=maybe", environment: [:])
        }
        #expect(throws: MailError(.badAddress, "\"ann@example\" is not an email address")) { try MailAddress("ann@example") }
        #expect(throws: MailError(.badAddress, "\"ann@example.org>\r\nBcc: x@y.z\" is not an email address")) {
            try MailAddress("ann@example.org>\r\nBcc: x@y.z")
        }
        let parsed = try MailAddress.parse("\"Prolific Library\" <library@example.org>")
        #expect(parsed.name == "Prolific Library" && parsed.address == "library@example.org")
    }
}
