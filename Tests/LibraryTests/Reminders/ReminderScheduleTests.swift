import Foundation
import Library
import ListorKit
import Tagged
import Testing

/// The reminders of a 60-day calendar of 500 loans, the schedule run every hour on a clock the
/// test moves, kept once each as an outbox keeps them: exactly those a reference computes from
/// each loan's dates alone.
@Suite struct ReminderScheduleTests {
    static let start = Date(timeIntervalSince1970: 1_796_000_400)  // on the hour
    static let hour: TimeInterval = 3600, day: TimeInterval = 86_400

    struct Plan {
        let loan: Loan
        /// When it came back, if it did within the 60 days.
        let returned: Date?
    }

    @Test func sixtyDaysOfFiveHundredLoansGiveExactlyTheRemindersTheirDatesCallFor() throws {
        let policy = try ReminderPolicy(dueSoonDays: 2, overdueDays: [1, 7, 14])
        var random = SeededRandom(seed: 60)
        // Patrons 1–40 take reminders by email; 41–50 have no address or turned them off.
        let takers = Set((1...40).map { Patron.ID(rawValue: $0) })
        let plans = (1...500).map { id -> Plan in
            let out = Self.start.addingTimeInterval(Double(Int.random(in: 0..<(50 * 24), using: &random)) * Self.hour)
            let due = out.addingTimeInterval(Double(Int.random(in: 3...21, using: &random)) * Self.day)
            let back: Date? = Bool.random(using: &random) ? out.addingTimeInterval(Double(Int.random(in: 1...(40 * 24), using: &random)) * Self.hour) : nil
            let loan = Loan(id: Loan.ID(rawValue: Int64(id)), bookID: Book.ID(rawValue: Int64(id)), borrower: "P", patronID: Patron.ID(rawValue: Int64.random(in: 1...50, using: &random)),
                            checkedOut: out, due: due)
            return Plan(loan: loan, returned: back)
        }
        let end = Self.start.addingTimeInterval(60 * Self.day)
        // The schedule, run every hour on the loans as they are then; the outbox keeps keys once.
        let schedule = ReminderSchedule(policy: policy)
        var outbox: [String: Reminder] = [:]
        var now = Self.start
        while now < end {
            let loans = plans.filter { $0.loan.checkedOut <= now }.map { plan in
                var loan = plan.loan
                if let back = plan.returned, back <= now { loan.returned = back }
                return loan
            }
            for reminder in schedule.due(loans: loans, holds: [], patrons: takers, now: now) where outbox[reminder.key] == nil {
                outbox[reminder.key] = reminder
            }
            now.addTimeInterval(Self.hour)
        }
        // The reference: for each loan to a patron who takes reminders, each reminder whose
        // window holds an hour of the calendar while the loan is out.
        var expected: Set<String> = []
        for plan in plans {
            guard let patron = plan.loan.patronID, takers.contains(patron) else { continue }
            let loan = plan.loan
            let out = loan.checkedOut, open = min(plan.returned ?? end, end)
            let stamp = Int64(loan.due.timeIntervalSince1970)
            /// Whether an hour of the calendar falls in [from, to) while the loan is out.
            func anHour(from: Date, to: Date) -> Bool {
                let first = max(from, out)
                let tick = Self.start.addingTimeInterval((first.timeIntervalSince(Self.start) / Self.hour).rounded(.up) * Self.hour)
                return tick < min(to, open)
            }
            let thresholds = [1.0, 7, 14].map { loan.due.addingTimeInterval($0 * Self.day) }
            if anHour(from: loan.due.addingTimeInterval(-2 * Self.day), to: loan.due) { expected.insert("due-soon/loan/\(loan.id)/\(stamp)") }
            for (index, threshold) in thresholds.enumerated() {
                let next = index + 1 < thresholds.count ? thresholds[index + 1] : .distantFuture
                if anHour(from: threshold, to: next) { expected.insert("overdue-\(index + 1)/loan/\(loan.id)/\(stamp)") }
            }
        }
        #expect(expected.count > 300, "a calendar with reminders of every kind: \(expected.count)")
        let sent = Set(outbox.keys)
        #expect(sent.subtracting(expected).isEmpty, "sent but not expected: \(sent.subtracting(expected).sorted().prefix(5))")
        #expect(expected.subtracting(sent).isEmpty, "expected but not sent: \(expected.subtracting(sent).sorted().prefix(5))")
        #expect(outbox.values.allSatisfy { takers.contains($0.patronID) })
        for kind in [Reminder.Kind.dueSoon, .overdue(1), .overdue(2), .overdue(3)] {
            #expect(outbox.values.contains { $0.kind == kind }, "some \(kind)")
        }
    }

    @Test func aHoldSetAsideIsRemindedOnceAndARenewedLoanAgain() throws {
        let schedule = ReminderSchedule(policy: try ReminderPolicy())
        let ready = Hold(id: 5, bookID: 1, patronID: 2, patronName: "Ben", placed: Self.start, state: .ready, readyAt: Self.start, expires: Self.start.addingTimeInterval(7 * Self.day))
        let waiting = Hold(id: 6, bookID: 1, patronID: 3, patronName: "Cy", placed: Self.start)
        let holds = schedule.due(loans: [], holds: [ready, waiting], patrons: [2, 3], now: Self.start.addingTimeInterval(Self.hour))
        #expect(holds.map(\.key) == ["hold-ready/hold/5/\(Int64(Self.start.timeIntervalSince1970))"])
        var loan = Loan(id: 9, bookID: 1, borrower: "Ben", patronID: 2, checkedOut: Self.start, due: Self.start.addingTimeInterval(14 * Self.day))
        let first = schedule.due(loans: [loan], holds: [], patrons: [2], now: loan.due.addingTimeInterval(-Self.day))
        loan.due.addTimeInterval(14 * Self.day)
        loan.renewals = 1
        let renewed = schedule.due(loans: [loan], holds: [], patrons: [2], now: loan.due.addingTimeInterval(-Self.day))
        #expect(first.map(\.kind) == [.dueSoon] && renewed.map(\.kind) == [.dueSoon] && first[0].key != renewed[0].key)
        #expect(throws: ReminderPolicyError.self) { try ReminderPolicy(overdueDays: [7, 1]) }
        #expect(throws: ReminderPolicyError.self) { try ReminderPolicy(overdueDays: [1, 2, 3, 4]) }
    }
}
