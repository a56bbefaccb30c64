import Foundation
import ListorCommandKit
import ListorServer

// `listor serve`, which `listor` becomes for it (README, Deployment).
exit(await ListorProgram.run(group: ServeCommand.self, CommandLine.arguments.dropFirst(), in: .standard) { arguments in
    try await ServeCommand.prepare(arguments, variables: ProcessInfo.processInfo.environment)
})
