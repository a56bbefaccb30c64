/// The sender's rounds, one every `interval` until the task is cancelled, and what the people
/// who run the library hear of them: each round that did something, and a failure when sending
/// starts to fail and again when it works again, never at every attempt.
public struct ReminderService: Sendable {
    public enum Event: Sendable, Hashable {
        /// A round that queued, sent or let lapse something.
        case round(ReminderSender.Round)
        /// Letters cannot be sent, for this reason; each is tried again later.
        case failing(String)
        /// A round failed as a whole (the database, say), for this reason.
        case roundFailed(String)
        /// Letters are sent again.
        case working
    }

    private let rounds: @Sendable () async throws -> ReminderSender.Round
    private let interval: Duration
    private let report: @Sendable (Event) -> Void

    public init(sender: ReminderSender, interval: Duration, report: @escaping @Sendable (Event) -> Void) {
        self.init(rounds: sender.round, interval: interval, report: report)
    }

    init(rounds: @escaping @Sendable () async throws -> ReminderSender.Round, interval: Duration, report: @escaping @Sendable (Event) -> Void) {
        self.rounds = rounds
        self.interval = interval
        self.report = report
    }

    public func run() async {
        var failing = false
        while !Task.isCancelled {
            let outcome: Result<ReminderSender.Round, any Error>
            do { outcome = .success(try await rounds()) } catch is CancellationError { return } catch { outcome = .failure(error) }
            for event in Self.events(after: outcome, failing: &failing) { report(event) }
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }

    /// What to say of a round's `outcome`, sending having been `failing` before it; `failing`
    /// becomes whether it is after.
    static func events(after outcome: Result<ReminderSender.Round, any Error>, failing: inout Bool) -> [Event] {
        guard case .success(let round) = outcome else {
            defer { failing = true }
            guard case .failure(let error) = outcome, !failing else { return [] }
            return [.roundFailed("\(error)")]
        }
        var events: [Event] = round.sent > 0 || round.queued > 0 || round.holdsExpired > 0 ? [.round(round)] : []
        if let error = round.lastError, round.sent == 0 {
            if !failing { events.append(.failing(error)) }
            failing = true
        } else if failing, round.sent > 0 {
            events.append(.working)
            failing = false
        }
        return events
    }
}
