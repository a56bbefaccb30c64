import Foundation
import ListorKit
import NIOCore
import NIOExtras
import NIOPosix
import NIOSSL
import Synchronization

/// Hands mail to an SMTP server (RFC 5321), one connection a message, on SwiftNIO: STARTTLS or
/// TLS with the certificate checked against the server's name, a login (AUTH PLAIN or LOGIN)
/// only over TLS or to this machine, and every answer bounded in length and in time.
///
/// A 4xx answer, a refused connection or a timeout is a transient `MailError`; a 5xx answer is not.
public struct SMTPMailer: Sendable {
    private let settings: SMTPSettings
    private let tls: NIOSSLContext?
    private let group: any EventLoopGroup
    /// The name this client gives in EHLO.
    private let clientName: String

    /// Throws `SMTPSettingsError` when the trusted certificates cannot be read.
    public init(_ settings: SMTPSettings, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) throws(SMTPSettingsError) {
        self.settings = settings
        self.group = group
        let hostName = ProcessInfo.processInfo.hostName
        clientName = hostName.isEmpty || hostName.contains(" ") ? "localhost" : hostName
        guard settings.security != .none else {
            tls = nil
            return
        }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let file = settings.trustedCertificates { configuration.trustRoots = .file(file) }
        do {
            tls = try NIOSSLContext(configuration: configuration)
            if let file = settings.trustedCertificates { _ = try NIOSSLCertificate.fromPEMFile(file) }
        } catch {
            throw SMTPSettingsError("cannot read the certificates in \(settings.trustedCertificates ?? "the system's store"): \(error)")
        }
    }

    /// This mailer as the apps' `MailTransport`.
    public var transport: MailTransport {
        MailTransport(destination: settings.description) { message in try await send(message) }
    }

    private var server: String { "the mail server at \(settings.host):\(settings.port)" }

    public func send(_ message: MailMessage) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await converse(message) }
            group.addTask {
                try await Task.sleep(for: settings.timeout)
                throw MailError(.unreachable, "\(server) did not finish within \(settings.timeout.components.seconds) s")
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private func converse(_ message: MailMessage) async throws {
        // The first error the pipeline saw: a failed TLS handshake closes the connection, and the
        // write or read that then fails should report the handshake, not the closed channel.
        let firstError = FirstError()
        // Before STARTTLS's handshake, only the replies asked for pass (`StartTLSFence`).
        let fence = settings.security == .startTLS ? StartTLSFenceHandler(server: server) : nil
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(.seconds(10))
                .connect(host: settings.host, port: settings.port) { [tls, settings] channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let fence { try channel.pipeline.syncOperations.addHandler(fence) }
                        try channel.pipeline.syncOperations.addHandler(firstError)
                        if settings.security == .tls, let tls {
                            try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: Self.serverName(settings.host)),
                                                                           position: .before(firstError))
                        }
                        // An answer's line is at most 512 octets (RFC 5321 §4.5.3.1.5); a little more is allowed.
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineBasedFrameDecoder(), maximumBufferSize: 4096))
                        return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw MailError(.unreachable, "cannot connect to \(server): \(Self.reason(error))")
        }
        do {
            try await channel.executeThenClose { inbound, outbound in
                var conversation = Conversation(lines: inbound.makeAsyncIterator(), outbound: outbound, server: server)
                try await conversation.expect(220, "the greeting")
                var hello = try await conversation.command("EHLO \(clientName)", expect: 250)
                if settings.security == .startTLS {
                    guard hello.offers("STARTTLS") else {
                        throw MailError(.refused, "\(server) does not offer STARTTLS; use smtps:// for TLS, or ?tls=none for a server on this machine")
                    }
                    _ = try await conversation.command("STARTTLS", expect: 220)
                    guard let tls, let fence else { return }
                    let (raw, name) = (channel.channel, Self.serverName(settings.host))
                    try await raw.eventLoop.submit {
                        // On the event loop, so that no byte arrives between the check and the handshake.
                        guard !fence.sawInjection else { throw fence.injection }
                        try raw.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: name), position: .before(fence))
                        fence.open()
                    }.get()
                    hello = try await conversation.command("EHLO \(clientName)", expect: 250)
                }
                if let username = settings.username, let password = settings.password {
                    guard settings.security != .none || IPAddress.isLoopback(host: settings.host) else {
                        throw MailError(.refused, "will not send the password to \(server) unencrypted; use STARTTLS or smtps://")
                    }
                    if hello.offers("AUTH") && hello.extensions.contains(where: { $0.hasPrefix("AUTH ") && $0.split(separator: " ").contains("PLAIN") }) {
                        _ = try await conversation.command("AUTH PLAIN " + Data("\0\(username)\0\(password)".utf8).base64EncodedString(), expect: 235, shown: "AUTH PLAIN …")
                    } else if hello.extensions.contains(where: { $0.hasPrefix("AUTH ") && $0.split(separator: " ").contains("LOGIN") }) {
                        _ = try await conversation.command("AUTH LOGIN", expect: 334)
                        _ = try await conversation.command(Data(username.utf8).base64EncodedString(), expect: 334, shown: "the user name")
                        _ = try await conversation.command(Data(password.utf8).base64EncodedString(), expect: 235, shown: "the password")
                    } else {
                        throw MailError(.refused, "\(server) offers no login this client knows (AUTH PLAIN or LOGIN)")
                    }
                }
                let eightBit = hello.offers("8BITMIME")
                _ = try await conversation.command("MAIL FROM:<\(message.from.address)>" + (eightBit ? " BODY=8BITMIME" : ""), expect: 250)
                let recipient = try await conversation.command("RCPT TO:<\(message.to.address)>", expect: 250, or: 251)
                _ = recipient
                _ = try await conversation.command("DATA", expect: 354)
                _ = try await conversation.command(SMTPWireFormat.data(of: message, eightBit: eightBit), expect: 250, shown: "the message", terminated: true)
                // The message is accepted; a server that answers QUIT badly changes nothing.
                _ = try? await conversation.command("QUIT", expect: 221)
            }
        } catch let error as MailError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The fence's refusal, when the write that found the connection closed came first.
            if let refusal = firstError.error as? MailError { throw refusal }
            throw MailError(.unreachable, "the connection to \(server) failed: \(Self.reason(firstError.error ?? error))")
        }
    }

    /// The name the certificate must carry: none for an address, which NIOSSL checks against the certificate's IP addresses.
    private static func serverName(_ host: String) -> String? {
        host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
    }

    /// The system's words for a failed connection ("Connection refused"), not NIO's wrapping of them.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            if let failure = error.connectionErrors.first { return reason(failure.error) }
            if let lookup = error.dnsAError ?? error.dnsAAAAError { return "cannot look up \(error.host): \(lookup)" }
            return "no address for \(error.host)"
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return String(describing: error)
    }

    /// The answers read a line at a time, and the commands written.
    private struct Conversation {
        var lines: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
        let server: String

        mutating func reply() async throws -> SMTPReply {
            var reader = SMTPReply.Reader(server: server)
            while true {
                guard let buffer = try await self.lines.next() else { throw MailError(.unreachable, "\(server) closed the connection") }
                if let reply = try reader.read(String(buffer: buffer)) { return reply }
            }
        }

        mutating func expect(_ code: Int, _ what: String, or other: Int? = nil) async throws {
            let reply = try await reply()
            try check(reply, code, other, what)
        }

        @discardableResult
        mutating func command(_ text: String, expect code: Int, or other: Int? = nil, shown: String? = nil, terminated: Bool = false) async throws -> SMTPReply {
            try await outbound.write(ByteBuffer(string: terminated ? text : text + "\r\n"))
            let reply = try await reply()
            try check(reply, code, other, shown ?? String(text.prefix(60)))
            return reply
        }

        private func check(_ reply: SMTPReply, _ code: Int, _ other: Int?, _ what: String) throws {
            guard reply.code != code, reply.code != other else { return }
            let said = "\(server) answered \(reply.text) to \(what)"
            throw MailError((400..<500).contains(reply.code) ? .deferred : .refused, said)
        }
    }

    /// Passes on the replies to the commands sent and nothing else (`StartTLSFence`), until the
    /// TLS handler is in front of it and it is opened: then it passes what TLS decrypted. What
    /// was not asked for closes the connection.
    private final class StartTLSFenceHandler: ChannelDuplexHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        typealias OutboundIn = ByteBuffer
        /// nil once open.
        private let fence = Mutex<StartTLSFence?>(StartTLSFence())
        let injection: MailError

        init(server: String) {
            injection = MailError(.refused, """
                \(server) sent what was not asked for before the encryption began: someone may be tampering with the connection \
                (as in CVE-2011-0411); nothing was sent
                """)
        }

        var sawInjection: Bool { fence.withLock { $0?.state == .injected } }

        func open() { fence.withLock { $0 = nil } }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            let bytes = buffer.readableBytesView
            let outcome: (taken: Int, injected: Bool)? = fence.withLock { fence in
                guard fence != nil else { return nil }
                let taken = fence!.take(bytes)
                return (taken, fence!.state == .injected)
            }
            guard let (taken, injected) = outcome else { return context.fireChannelRead(data) }
            if taken > 0, let reply = buffer.readSlice(length: taken) { context.fireChannelRead(wrapInboundOut(reply)) }
            if injected {
                context.fireErrorCaught(injection)
                context.close(promise: nil)
            }
        }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            fence.withLock { $0?.sent() }
            context.write(data, promise: promise)
        }
    }

    /// Keeps the first error the pipeline carries, and passes every error on.
    private final class FirstError: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        private let first = Mutex<(any Error)?>(nil)

        var error: (any Error)? { first.withLock { $0 } }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            first.withLock { $0 = $0 ?? error }
            context.fireErrorCaught(error)
        }
    }
}
