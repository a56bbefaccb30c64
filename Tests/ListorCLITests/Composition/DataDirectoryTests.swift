import ListorCLI
import ListorCommandKit
import Testing

@Suite struct DataDirectoryTests {
    @Test func theDataDirectoryFollowsXDG() {
        let path = DataDirectory.standard(environment: ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/ann"])
        #expect(path == "/srv/data/listor")
        #expect(DataDirectory.standard(environment: ["HOME": "/home/ann"]) == "/home/ann/.local/share/listor")
        #expect(DataDirectory.standard(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"]) == "/home/ann/.local/share/listor")
    }
}
