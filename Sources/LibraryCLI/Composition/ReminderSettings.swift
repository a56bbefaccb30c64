import Library
import ListorCommandKit
import ListorKit
import ListorSMTP

/// How `serve` sends the library's reminders: through which mail server, from whom, and when.
package struct ReminderSettings: Sendable {
    /// Nil when no mail server is named: no reminders are sent.
    var smtp: SMTPSettings?
    package var from: MailAddress?
    var policy: ReminderPolicy
    /// Between two rounds of the sender.
    package var interval: Duration
}
