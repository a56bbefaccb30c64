import Foundation
import ListorCLI

// Parse, build, run: everything else is in ListorCLI so that tests run the same code.
let code = await Listor.run(Array(CommandLine.arguments.dropFirst()), in: .standard)
exit(code)
