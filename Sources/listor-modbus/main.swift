import ModbusCLI
import Foundation
import ListorCommandKit

// `listor modbus`, which `listor` becomes for it (README, Deployment).
exit(await ListorProgram.run(group: ModbusCommand.self, CommandLine.arguments.dropFirst(), in: .standard))
