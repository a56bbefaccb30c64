import TransistorsCLI
import Foundation
import ListorCommandKit

// `listor transistors`, which `listor` becomes for it (README, Deployment).
exit(await ListorProgram.run(group: TransistorsCommand.self, CommandLine.arguments.dropFirst(), in: .standard))
