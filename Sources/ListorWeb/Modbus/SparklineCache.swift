import Foundation
import Synchronization

/// The sheet's sparklines as last drawn, per reader's time zone. Each is an hour of every
/// variable's history, so drawing them reads thousands of samples: they are drawn by one
/// request at a time, at most once per `lifetime`, and every other view in between shows the
/// ones last drawn. A sparkline of an hour a few seconds old looks the same.
final class SparklineCache: Sendable {
    private struct Entry {
        let drawn: ContinuousClock.Instant
        let sparklines: [String: HTMLFragment]
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Time zones whose sparklines a request is drawing now.
        var drawing: Set<String> = []
    }

    private let state = Mutex(State())
    private let lifetime: Duration

    init(lifetime: Duration = .seconds(5)) {
        self.lifetime = lifetime
    }

    /// The sparklines for `timeZone`: those kept while fresh, or while another request draws
    /// new ones; else drawn by `draw` and kept.
    func sparklines(timeZone: TimeZone, draw: () async throws -> [String: HTMLFragment]) async throws -> [String: HTMLFragment] {
        let zone = timeZone.identifier
        let now = ContinuousClock.now
        let kept: [String: HTMLFragment]? = state.withLock { state in
            if let entry = state.entries[zone], now - entry.drawn < lifetime || state.drawing.contains(zone) { return entry.sparklines }
            state.drawing.insert(zone)
            return nil
        }
        if let kept { return kept }
        do {
            let sparklines = try await draw()
            state.withLock { state in
                state.drawing.remove(zone)
                // A few zones at most in practice; bounded all the same.
                if state.entries.count >= 64 { state.entries.removeAll() }
                state.entries[zone] = Entry(drawn: .now, sparklines: sparklines)
            }
            return sparklines
        } catch {
            state.withLock { _ = $0.drawing.remove(zone) }
            throw error
        }
    }
}
