import Foundation
import ListorKit
import ListorTestSupport
@testable import ListorSMTP
import NIOCore
import NIOPosix
import Synchronization
import Testing

/// A man in the middle of a STARTTLS connection: lines sent in plain text where only the reply
/// asked for may come (CVE-2011-0411). The client refuses the connection before it sends a
/// login or a message.
@Suite struct SMTPInjectionTests {
    /// Answers each command from a script, every answer in one write, and records the commands.
    final class HostileServer: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let answers: [String: String]
        let commands = Mutex<[String]>([])
        let pending = Mutex<[UInt8]>([])

        init(answers: [String: String]) {
            self.answers = answers
        }

        func channelActive(context: ChannelHandlerContext) {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answers["greeting"] ?? "220 hostile ESMTP\r\n")), promise: nil)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = Array(unwrapInboundIn(data).readableBytesView)
            let lines: [String] = pending.withLock { pending in
                pending += bytes
                var lines: [String] = []
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: pending[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                    pending.removeSubrange(...end)
                }
                return lines
            }
            for line in lines {
                commands.withLock { $0.append(line) }
                let verb = String(line.prefix { $0 != " " }).uppercased()
                if let answer = answers[verb] { context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil) }
            }
        }
    }

    func withServer(_ answers: [String: String], _ body: (Int, HostileServer) async throws -> Void) async throws {
        let handler = HostileServer(answers: answers)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler) } }
            .bind(host: "127.0.0.1", port: 0).get()
        let result = await Result { try await body(server.localAddress?.port ?? 0, handler) }
        try await server.close()
        try result.get()
    }

    static let message = MailMessage(from: try! MailAddress("library@example.org"), to: try! MailAddress("ann@example.org"), subject: "Hello", body: "Hi\n",
                                     id: "test-1", date: Date(timeIntervalSince1970: 1_796_000_400))

    @Test(arguments: [
        // Injected with the reply to STARTTLS, to be read as the encrypted server's EHLO answer.
        ["EHLO": "250-hostile\r\n250 STARTTLS\r\n", "STARTTLS": "220 2.0.0 Ready\r\n250-hostile\r\n250 AUTH LOGIN\r\n"],
        // Injected after the EHLO reply, to be read as the answer to STARTTLS and beyond.
        ["EHLO": "250-hostile\r\n250 STARTTLS\r\n220 2.0.0 Ready\r\n250 AUTH LOGIN\r\n", "STARTTLS": ""],
        // A multi-line reply to STARTTLS with a partial line after it.
        ["EHLO": "250-hostile\r\n250 STARTTLS\r\n", "STARTTLS": "220-Ready\r\n220 go ahead\r\n334 VXNlcm5hbWU6"],
    ])
    func linesSentBeforeTheHandshakeThatWereNotAskedForEndTheConnection(answers: [String: String]) async throws {
        try await withServer(answers) { port, server in
            let settings = SMTPSettings(host: "127.0.0.1", port: port, security: .startTLS, username: "library", password: "s3cret", timeout: .seconds(30))
            let error = await #expect(throws: MailError.self) { try await SMTPMailer(settings).send(Self.message) }
            #expect(error?.code == .refused)
            #expect(error?.description == "the mail server at 127.0.0.1:\(port) sent what was not asked for before the encryption began: someone may be tampering with the connection (as in CVE-2011-0411); nothing was sent",
                    "\(String(describing: error))")
            #expect(server.commands.withLock { $0 }.allSatisfy { $0.hasPrefix("EHLO") || $0 == "STARTTLS" }, "no login and no message in plain text")
        }
    }

    /// The fence reads a reply however the bytes are split, multi-line replies whole.
    @Test func theFenceTakesOneReplyHoweverItArrives() {
        var fence = StartTLSFence()
        #expect(fence.take(Array("220-mail.example ESMTP\r\n22".utf8)) == 26)
        #expect(fence.take(Array("0 ready\r\n".utf8)) == 9)
        #expect(fence.state == .ended)
        fence.sent()
        #expect(fence.take(Array("250 OK\r\n250 more".utf8)) == 8)
        #expect(fence.state == .injected)
        var bare = StartTLSFence()
        #expect(bare.take(Array("220\n".utf8)) == 4 && bare.state == .ended, "a code alone is a last line")
        #expect(bare.take([]) == 0 && bare.state == .ended)
    }
}
