import ArgumentParser
import Foundation
import ListorCommandKit
import ListorLauncher

/// `listor modbus …`: ModbusApp (seed 001) in the terminal, with mbpoll's manners.
package struct ModbusCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: CommandGroup.modbus.rawValue,
        abstract: CommandGroup.modbus.abstract,
        subcommands: [ModbusRead.self, ModbusWrite.self, ModbusPoll.self, ModbusHistory.self, ModbusSimulate.self])

    package init() {}
}
