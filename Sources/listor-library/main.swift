import LibraryCLI
import Foundation
import ListorCommandKit

// `listor library`, which `listor` becomes for it (README, Deployment).
exit(await ListorProgram.run(group: LibraryCommand.self, CommandLine.arguments.dropFirst(), in: .standard))
