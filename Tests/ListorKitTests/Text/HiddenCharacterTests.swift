import ListorKit
import Testing

@Suite struct HiddenCharacterTests {
    @Test func theFirstHiddenCharacterIsNamed() {
        #expect(HiddenCharacter.first(in: "Ann\u{1B}[2J")?.description == "contains U+001B ESCAPE, a control character")
        #expect(HiddenCharacter.first(in: "a\u{2066}b")?.kind == .bidirectional)
        #expect(HiddenCharacter.first(in: "\u{200D}alone")?.kind == .invisible)
        #expect(HiddenCharacter.first(in: "Family 👨‍👩‍👧, שלום, می‌خواهم") == nil)
        #expect(HiddenCharacter.first(in: "\u{200F}שלום")?.kind == .invisible)
    }

    @Test func revealingShowsCodePointsAndKeepsTheLayout() {
        #expect(HiddenCharacter.revealed("Ann\u{1B}[2J\u{1B}[31mRED\n\tnext", keepingLayout: true) == "Ann<U+001B>[2J<U+001B>[31mRED\n\tnext")
        #expect(HiddenCharacter.revealed("a\u{202E}b") == "a<U+202E>b")
        #expect(HiddenCharacter.revealed("plain") == "plain")
    }
}
