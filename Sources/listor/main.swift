#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
#if InProcess
import ListorCLI
import ListorCommandKit
#else
import ArgumentParser
import ListorLauncher
#endif

// Parse, build, run: everything else is in the modules, so that tests run the same code.
let arguments = Array(CommandLine.arguments.dropFirst())
#if InProcess
exit(await Listor.run(arguments, in: .standard))
#else
// Installed: each command group is its own program beside this one, which this one becomes.
if let (group, rest) = Launcher.group(of: arguments) {
    exit(Launcher.exec(group, rest))
}
Launcher.main(arguments)
#endif
