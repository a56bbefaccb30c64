import Foundation
import ListorCLI
#if InProcess
import ListorServer
#endif

// Parse, build, run: everything else is in ListorCLI (and ListorServer) so that tests run the same code.
let arguments = Array(CommandLine.arguments.dropFirst())
if let server = ServeLauncher.serverArguments(arguments) {
    #if InProcess
    exit(await ListorServe.run(["serve"] + server, in: .standard))
    #else
    // Installed, serve is the program listor-serve beside this one, which this one becomes.
    exit(ServeLauncher.exec(server, in: .standard))
    #endif
}
exit(await Listor.run(arguments, in: .standard))
