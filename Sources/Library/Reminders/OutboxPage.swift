/// A page of the reminders' outbox, most recently queued first, with how many letters are in each state.
public struct OutboxPage: Sendable, Hashable {
    public var messages: [OutboxMessage]
    public var counts: [OutboxMessage.State: Int]
    /// From 1.
    public var number: Int
    public var size: Int

    public init(messages: [OutboxMessage], counts: [OutboxMessage.State: Int], number: Int, size: Int) {
        self.messages = messages
        self.counts = counts
        self.number = number
        self.size = size
    }
}
