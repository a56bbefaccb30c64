import ArgumentParser

/// `--data-dir`, for every command that keeps data: `serve`, and the local library's commands.
package struct DataDirectoryOption: ParsableArguments {
    package init() {}

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("Where Listor keeps its data (default: $XDG_DATA_HOME/listor or ~/.local/share/listor).", valueName: "directory"))
    package var path: String?

    /// `--data-dir`, or the standard directory of the command's environment `variables`.
    package func directory(in variables: [String: String]) -> String {
        path ?? DataDirectory.standard(environment: variables)
    }
}
