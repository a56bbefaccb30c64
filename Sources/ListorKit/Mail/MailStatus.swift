import Foundation

/// What became of a message in an outbox, as staff read it, the same for every app: "sent Nov 29
/// 13:09", "failed 2 times; tries again at …: 451 later", "not sent: the book came back".
public enum MailStatus {
    /// The words, and whether they tell of a problem someone may have to act on.
    public static func of(_ state: QueuedMail.State, attempts: Int, nextAttempt: Date, ended: Date?, lastError: String?,
                          timeZone: TimeZone) -> (text: String, isProblem: Bool) {
        func time(_ date: Date?) -> String { date.map { DateText.dateTime($0, timeZone: timeZone, seconds: false) } ?? "?" }
        let times = "\(attempts) time\(attempts == 1 ? "" : "s")"
        return switch state {
        case .queued where lastError != nil: ("failed \(times); tries again at \(time(nextAttempt)): \(lastError ?? "")", true)
        case .queued: ("waiting to be sent", false)
        case .sent: ("sent \(time(ended))", false)
        case .failed: ("failed for good \(time(ended)) after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(lastError ?? "")", true)
        case .withdrawn: ("not sent: \(lastError ?? "withdrawn")", false)
        }
    }
}
