import Foundation
import Tagged

/// Which reminders have fallen due: the same answer on every node and every run, so that the
/// outbox, which keeps each key once, holds exactly the reminders the policy asks for.
public struct ReminderSchedule: Sendable {
    public let policy: ReminderPolicy

    public init(policy: ReminderPolicy) {
        self.policy = policy
    }

    /// The reminders due by `now` for the open `loans` and the `holds` set aside, to the patrons
    /// who take them by email (`patrons`: those with an address and reminders on). A reminder
    /// past its moment is still due, until its loan ends or its hold leaves the queue: a server
    /// that was down sends it when it is back, and an overdue letter whose next one is due too is
    /// left out, so that a patron gets the latest only.
    public func due(loans: [Loan], holds: [Hold], patrons: Set<Patron.ID>, now: Date) -> [Reminder] {
        var reminders: [Reminder] = []
        for loan in loans where loan.isOpen {
            guard let patron = loan.patronID, patrons.contains(patron) else { continue }
            let stamp = Int64(loan.due.timeIntervalSince1970.rounded(.down))
            let letters = policy.overdueDays.enumerated().filter { now >= loan.due.addingTimeInterval(Double($0.element) * 86_400) }
            if let (index, days) = letters.last {
                reminders.append(Reminder(kind: .overdue(index + 1), patronID: patron, bookID: loan.bookID, loanID: loan.id, due: loan.due.addingTimeInterval(Double(days) * 86_400),
                                          key: "overdue-\(index + 1)/loan/\(loan.id)/\(stamp)"))
            } else if policy.dueSoonDays > 0, now < loan.due, now >= loan.due.addingTimeInterval(-Double(policy.dueSoonDays) * 86_400) {
                reminders.append(Reminder(kind: .dueSoon, patronID: patron, bookID: loan.bookID, loanID: loan.id, due: loan.due.addingTimeInterval(-Double(policy.dueSoonDays) * 86_400),
                                          key: "due-soon/loan/\(loan.id)/\(stamp)"))
            }
        }
        for hold in holds where hold.state == .ready && patrons.contains(hold.patronID) {
            guard let ready = hold.readyAt, ready <= now else { continue }
            reminders.append(Reminder(kind: .holdReady, patronID: hold.patronID, bookID: hold.bookID, holdID: hold.id, due: ready,
                                      key: "hold-ready/hold/\(hold.id)/\(Int64(ready.timeIntervalSince1970.rounded(.down)))"))
        }
        return reminders
    }
}
