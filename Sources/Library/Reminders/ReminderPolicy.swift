/// When the library reminds its patrons by email: some days before a loan is due, up to three
/// times after it (overdue letters), and when a held book is set aside for them.
public struct ReminderPolicy: Sendable, Hashable {
    /// Days before the due date for the "due soon" reminder; 0 sends none.
    public let dueSoonDays: Int
    /// Days after the due date for each overdue letter, in order: at most three.
    public let overdueDays: [Int]

    /// Refuses days that do not make a schedule: negative, more than a year, more than three
    /// overdue letters, or letters not in order.
    public init(dueSoonDays: Int = 2, overdueDays: [Int] = [1, 7, 14]) throws(ReminderPolicyError) {
        guard (0...365).contains(dueSoonDays) else { throw ReminderPolicyError("the days before the due date, \(dueSoonDays), are outside 0 to 365") }
        guard overdueDays.count <= 3 else { throw ReminderPolicyError("\(overdueDays.count) overdue letters are more than three") }
        guard overdueDays.allSatisfy({ (1...365).contains($0) }) else {
            throw ReminderPolicyError("the days after the due date, \(overdueDays.map(String.init).joined(separator: ",")), must each be from 1 to 365")
        }
        guard overdueDays == overdueDays.sorted(), Set(overdueDays).count == overdueDays.count else {
            throw ReminderPolicyError("the days after the due date, \(overdueDays.map(String.init).joined(separator: ",")), must rise")
        }
        self.dueSoonDays = dueSoonDays
        self.overdueDays = overdueDays
    }
}
