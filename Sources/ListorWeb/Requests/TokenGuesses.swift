import Foundation
import HTTPTypes
import Synchronization

/// Wrong admin tokens, kept per client address: past `limit` wrong guesses within `window`, a
/// client is refused (429 with `Retry-After`) until the oldest of them leaves the window, right
/// token or not. Guessing then costs an attacker the window per few guesses, from each address,
/// and one client's guesses never lock another out.
final class TokenGuesses: Sendable {
    private let limit: Int
    private let window: Duration
    /// The clients kept at most; the one that guessed longest ago goes first.
    private let clients: Int
    private let failures = Mutex<[String: [ContinuousClock.Instant]]>([:])

    init(limit: Int = 10, window: Duration = .seconds(600), clients: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.clients = clients
    }

    /// How long `client` must wait before guessing again; nil when it may.
    func wait(for client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        failures.withLock { failures in
            let recent = (failures[client] ?? []).filter { now - $0 < window }
            failures[client] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return window - (now - oldest)
        }
    }

    /// `client` gave a wrong token.
    func failed(_ client: String, now: ContinuousClock.Instant = .now) {
        failures.withLock { failures in
            if failures[client] == nil, failures.count >= clients,
               let stalest = failures.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) })?.key {
                failures[stalest] = nil
            }
            failures[client, default: []].append(now)
            if failures[client]!.count > limit { failures[client]!.removeFirst() }
        }
    }

    /// Whether `given` is `token`, counting a wrong one against `client`; throws 429 while the
    /// client has guessed wrong too often. No token given is no guess.
    func check(_ given: String?, against token: String, client: String) throws -> Bool {
        guard let given, !given.isEmpty else { return false }
        if let wait = wait(for: client) {
            let seconds = max(1, Int(wait.components.seconds) + 1)
            var error = WebError(.tooManyRequests, title: "Too many wrong tokens",
                                 message: "Too many wrong admin tokens from this address; try again in \(seconds) s.",
                                 apiMessage: "too many wrong admin tokens from this address; try again in \(seconds) s")
            error.headers[.retryAfter] = String(seconds)
            throw error
        }
        if Secret.matches(given, token) { return true }
        failed(client)
        return false
    }
}
