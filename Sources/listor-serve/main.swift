import Foundation
import ListorCLI
import ListorServer

// `listor serve`, which `listor` becomes for it: the same code the tests run.
exit(await ListorServe.run(["serve"] + CommandLine.arguments.dropFirst(), in: .standard))
