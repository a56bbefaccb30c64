import Library
import ListorKit
import Synchronization

/// A mail transport for the sender's tests: keeps what it is given, or fails as the test says.
/// The SMTP client itself is tested against a real server (ListorSMTPTests).
final class RecordingMail: Sendable {
    private let state = Mutex<(sent: [MailMessage], failures: [MailError])>(([], []))

    var sent: [MailMessage] { state.withLock { $0.sent } }

    /// The next sends fail with these, in order.
    func fail(with errors: MailError...) {
        state.withLock { $0.failures += errors }
    }

    var transport: MailTransport {
        MailTransport(destination: "the test's mailbox") { [self] message in
            try state.withLock { state in
                if !state.failures.isEmpty { throw state.failures.removeFirst() }
                state.sent.append(message)
            }
        }
    }
}
