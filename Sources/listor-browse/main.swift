import BrowseCLI
import Foundation
import ListorCommandKit

// `listor browse`, which `listor` becomes for it (README, Deployment).
exit(await ListorProgram.run(group: BrowseCommand.self, CommandLine.arguments.dropFirst(), in: .standard))
