import ArgumentParser
import Foundation
import Library
import ListorCommandKit
import ListorKit
import ListorSMTP

/// `serve`'s options for the library's reminders by email.
package struct ReminderOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp("The mail server that sends the library's reminders and the shop's mail to shoppers: smtp://host[:587] (STARTTLS), smtps://host[:465] (TLS), or smtp://host:25?tls=none on this machine; the login in LISTOR_SMTP_USERNAME and LISTOR_SMTP_PASSWORD, other trusted certificates in LISTOR_SMTP_CA_FILE (default: no mail is sent).",
                               valueName: "url"))
    var smtpURL: String?
    @Option(help: ArgumentHelp("Who the mail is from: \"Prolific Library <library@example.org>\"; needed with --smtp-url.", valueName: "address"))
    var smtpFrom: String?
    @Option(help: ArgumentHelp("Days before the due date to remind (0 for none; default 2).", valueName: "days"))
    var reminderDaysBefore = 2
    @Option(help: ArgumentHelp("Days after the due date for each overdue letter, at most three, rising; \"\" for none (default 1,7,14).", valueName: "days,…"))
    var reminderOverdueDays = "1,7,14"
    @Option(help: ArgumentHelp("How often to look for reminders to send, and to let holds not collected in time pass on (1 to 3600; default 60).", valueName: "seconds"))
    var reminderInterval = 60

    /// The settings, with the login from `environment`; nil mail when no server is named.
    package func settings(environment: [String: String]) throws -> ReminderSettings {
        // "" asks for no overdue letters.
        let days = try (reminderOverdueDays.isEmpty ? [] : reminderOverdueDays.split(separator: ",", omittingEmptySubsequences: false)).map { part in
            guard let day = Int(part.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--reminder-overdue-days: \"\(part)\" is not a number of days")
            }
            return day
        }
        guard (1...3600).contains(reminderInterval) else { throw ValidationError("--reminder-interval: \(reminderInterval) is outside 1 to 3600 seconds") }
        let policy: ReminderPolicy
        do { policy = try ReminderPolicy(dueSoonDays: reminderDaysBefore, overdueDays: days) } catch {
            throw ValidationError("--reminder-days-before/--reminder-overdue-days: \(error)")
        }
        guard let smtpURL, !smtpURL.isEmpty else {
            if smtpFrom != nil { throw ValidationError("--smtp-from: is given without --smtp-url; name the mail server too") }
            return ReminderSettings(smtp: nil, from: nil, policy: policy, interval: .seconds(reminderInterval))
        }
        let smtp: SMTPSettings
        do { smtp = try SMTPSettings(url: smtpURL, environment: environment) } catch { throw ValidationError("--smtp-url: \(error)") }
        guard let smtpFrom else { throw ValidationError("--smtp-from: is needed with --smtp-url, e.g. --smtp-from \"Prolific Library <library@example.org>\"") }
        do {
            return ReminderSettings(smtp: smtp, from: try MailAddress.parse(smtpFrom), policy: policy, interval: .seconds(reminderInterval))
        } catch {
            throw ValidationError("--smtp-from: \(error)")
        }
    }
}
