import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Modbus

struct ModbusPoll: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "poll",
        abstract: "Read every variable of a register map once and print the spreadsheet or the seed's JSON feed.",
        discussion: "Without --map, the bundled TUF-2000M map. Exits 1 when a read failed; the rows it could not read are marked.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @OptionGroup var device: DeviceOptions
    @Option(help: ArgumentHelp("A register map (JSON); see the README.", valueName: "file"))
    var map: String?
    @Option(help: "table or json (the seed backend's feed).")
    var format: Format = .table

    func run(in environment: CommandEnvironment) async throws {
        let registerMap = try ModbusComposition.registerMap(map, environment, option: "--map")
        let snapshot = try await ResourceScope.with { scope in await ModbusComposition.poller(registerMap, on: try device.client(in: scope)).poll() }
        switch format {
        case .json:
            environment.write(ModbusFeed.json(snapshot).serialized(pretty: true) + "\n")
        case .table:
            let rows = snapshot.rows.map { [$0.register, $0.variableName, $0.unit, $0.registerValue, $0.stale == nil ? $0.realValue : "\($0.realValue) (stale)"] }
            let columns = [TextTable.Column(title: "Register"), TextTable.Column(title: "Variable", flexible: true, isMain: true), TextTable.Column(title: "Unit"),
                           TextTable.Column(title: "Registers", rightAligned: true), TextTable.Column(title: "Value", rightAligned: true)]
            environment.write(TextTable(columns: columns, rows: rows, width: environment.columns).render() + "\n")
        }
        if case .failed(let message) = snapshot.connection {
            environment.writeError("listor: \(message)\n")
            throw ExitCode.failure
        }
    }
}
