import ListorLauncher
import Testing

/// What installed `listor` hands to a group's program, and what it answers itself.
@Suite struct LauncherTests {
    @Test func aGroupAndItsHelpGoToTheGroupsProgram() throws {
        let dump = try #require(Launcher.group(of: ["browse", "--dump", "http://example.com/"]))
        #expect(dump.group == .browse)
        #expect(dump.arguments == ["--dump", "http://example.com/"])
        let help = try #require(Launcher.group(of: ["help", "library", "holds", "place"]))
        #expect(help.group == .library)
        #expect(help.arguments == ["holds", "place", "--help"])
        #expect(Launcher.group(of: ["help", "serve"])?.arguments == ["--help"])
        // Options before the group go with it, as `listor` in one program takes them.
        let moved = try #require(Launcher.group(of: ["--data-dir", "d", "library", "show", "11"]))
        #expect(moved.group == .library)
        #expect(moved.arguments == ["--data-dir", "d", "show", "11"])
        #expect(CommandGroup.serve.program == "listor-serve")
    }

    @Test func theRestIsListorsOwn() {
        for arguments in [[], ["--help"], ["--version"], ["help"], ["bogus", "browse"], ["--", "browse"], ["-x", "--", "browse"]] {
            #expect(Launcher.group(of: arguments) == nil, "\(arguments)")
        }
    }
}
