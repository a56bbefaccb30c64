import ArgumentParser
import Foundation

/// `listor modbus …`: ModbusApp (seed 001) in the terminal, with mbpoll's manners.
struct ModbusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modbus",
        abstract: "Read and write Modbus devices (TCP, RTU on a serial port, RTU over TCP), poll a register map, print the history `serve` keeps, or run a simulated TUF-2000M.",
        subcommands: [ModbusRead.self, ModbusWrite.self, ModbusPoll.self, ModbusHistory.self, ModbusSimulate.self])
}
