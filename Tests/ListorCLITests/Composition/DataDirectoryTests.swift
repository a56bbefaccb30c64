import Foundation
import ListorCLI
import ListorCommandKit
import ListorTestSupport
import Modbus
import ModbusIO
import Testing

@Suite struct DataDirectoryTests {
    @Test func theDataDirectoryFollowsXDG() {
        let path = DataDirectory.standard(environment: ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/ann"])
        #expect(path == "/srv/data/listor")
        #expect(DataDirectory.standard(environment: ["HOME": "/home/ann"]) == "/home/ann/.local/share/listor")
        #expect(DataDirectory.standard(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"]) == "/home/ann/.local/share/listor")
    }

    /// Each command that keeps data keeps it under its own environment's $XDG_DATA_HOME, not
    /// the process's: a program that runs `listor` for another user, as the tests do,
    /// never touches the files of the user it runs as.
    @Test func everyCommandKeepsItsDataInItsEnvironmentsDirectory() async throws {
        let home = try TemporaryDirectory()
        var tables = ModbusRegisterBank.Tables()
        tables.setHolding([0], from: 0)
        let server = try await ModbusTCPServer.start(port: 0, bank: ModbusRegisterBank(tables))
        let variables = ["XDG_DATA_HOME": home.url.path, "HOME": home.url.path, "USER": "ann"]
        let write = await listor(["modbus", "write", "127.0.0.1:\(server.port)", "--timeout", "60", "-r", "1", "7"], variables: variables)
        try await server.close()
        #expect(write.exitCode == 0, "\(write.errorOutput)")
        #expect(await listor(["library", "list"], variables: variables).exitCode == 0)
        #expect(await listor(["stella", "departments"], variables: variables).exitCode == 0)
        #expect(await listor(["browse", "history"], variables: variables).exitCode == 0)
        let kept = try FileManager.default.contentsOfDirectory(atPath: home.path("listor")).filter { $0.hasSuffix(".sqlite") }.sorted()
        #expect(kept == ["browser.sqlite", "library.sqlite", "modbus-history.sqlite", "stella.sqlite"])
    }
}
