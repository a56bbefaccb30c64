import StellaCLI
import Foundation
import ListorCommandKit

// `listor stella`, which `listor` becomes for it (README, Deployment).
exit(await ListorProgram.run(group: StellaCommand.self, CommandLine.arguments.dropFirst(), in: .standard))
