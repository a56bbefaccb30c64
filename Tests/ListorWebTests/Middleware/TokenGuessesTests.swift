import Testing
@testable import ListorWeb

/// Wrong admin tokens are counted per client address and forgotten after their window.
@Suite struct TokenGuessesTests {
    @Test func tokenGuessesAreCountedPerClientAndForgotten() throws {
        let guesses = TokenGuesses(limit: 3, window: .seconds(60))
        let start = ContinuousClock.now
        for second in 0..<3 { guesses.failed("10.0.0.1", now: start + .seconds(second)) }
        #expect(guesses.wait(for: "10.0.0.1", now: start + .seconds(10)) == .seconds(50))
        #expect(guesses.wait(for: "10.0.0.2", now: start + .seconds(10)) == nil, "one client's guesses lock no other out")
        #expect(guesses.wait(for: "10.0.0.1", now: start + .seconds(60)) == nil, "the oldest left the window")
    }
}
