/// Reminder days that do not make a schedule, and why.
public struct ReminderPolicyError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
