import Foundation

/// What became of one attempt to send a claimed message.
public enum OutboxOutcome: Sendable, Hashable {
    case sent(at: Date)
    /// Failed for now; tried again from `retry`.
    case retry(at: Date, retry: Date, error: String)
    /// Failed for good.
    case failed(at: Date, error: String)
}
