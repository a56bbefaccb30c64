/// Sends one email. A struct of closures so that app cores depend on no mail library; the live
/// one, SMTP on SwiftNIO, is in `ListorSMTP` and is chosen by the composition root.
/// Implementations throw `MailError`, and `CancellationError` when the calling task is cancelled.
public struct MailTransport: Sendable {
    public var send: @Sendable (MailMessage) async throws -> Void
    /// Where mail goes, for messages: "smtp://mail.example.org:587 (STARTTLS)".
    public var destination: String

    public init(destination: String, send: @escaping @Sendable (MailMessage) async throws -> Void) {
        self.destination = destination
        self.send = send
    }

    /// A transport for tests that have not set one up: any use fails loudly.
    public static let unimplemented = MailTransport(destination: "nowhere (MailTransport.unimplemented)") { _ in
        throw MailError(.refused, "MailTransport.unimplemented was called; the test did not set up a transport")
    }
}
