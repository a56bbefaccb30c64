import Foundation
import ListorKit

/// Where a command's output goes: the process's streams, or a buffer in tests.
public struct CommandEnvironment: Sendable {
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// The next line of standard input, nil at its end (what a scripted `listor browse` reads).
    public var readLine: @Sendable () -> String?
    /// True when standard input and output are a terminal: `listor browse` then runs full screen.
    public var isInteractiveTerminal = false
    /// The width tables share: the terminal's, `COLUMNS` when output goes elsewhere, else 80.
    public var columns = 80
    /// The environment variables (`LISTOR_…` settings of `serve`, `COLUMNS`, `XDG_DATA_HOME`).
    public var variables = ProcessInfo.processInfo.environment

    /// Who runs the command, as the records of what it changes name them.
    public var author: ChangeAuthor { .commandLine(user: variables["USER"]) }

    public init(write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
                readLine: @escaping @Sendable () -> String? = { Swift.readLine(strippingNewline: true) }) {
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
    }

    /// The process's streams (`StandardStream`: a reader that goes away ends the process
    /// quietly, by SIGPIPE). A stream that is a terminal never receives a control character
    /// or a bidirectional override from stored text (a borrower named "Ann\u{1B}[2J" would
    /// clear the screen); they are shown as code points instead. Output to a file or a pipe (an
    /// export) is written as it is.
    public static let standard = CommandEnvironment(
        write: { StandardStream.write($0, to: STDOUT_FILENO) },
        writeError: { StandardStream.write($0, to: STDERR_FILENO) })
        .revealingHiddenCharacters(output: isatty(STDOUT_FILENO) == 1, errors: isatty(STDERR_FILENO) == 1)
        .interactive(isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1)
        .width(isatty(STDOUT_FILENO) == 1 ? RawTerminal.size().columns
               : ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { max(20, $0) } ?? 80)

    private func interactive(_ isTerminal: Bool) -> CommandEnvironment {
        var environment = self
        environment.isInteractiveTerminal = isTerminal
        return environment
    }

    /// This environment with tables `columns` wide.
    public func width(_ columns: Int) -> CommandEnvironment {
        var environment = self
        environment.columns = columns
        return environment
    }

    /// This environment with hidden characters shown as code points on the streams named.
    public func revealingHiddenCharacters(output: Bool = true, errors: Bool = true) -> CommandEnvironment {
        func revealing(_ sink: @escaping @Sendable (String) -> Void, _ isOn: Bool) -> @Sendable (String) -> Void {
            guard isOn else { return sink }
            return { text in sink(HiddenCharacter.revealed(text, keepingLayout: true)) }
        }
        var environment = self
        environment.write = revealing(write, output)
        environment.writeError = revealing(writeError, errors)
        return environment
    }

    /// Standard error as a stream, for swift-log's `StreamLogHandler`: `serve`'s log goes where
    /// its other messages go, so that a test sees it as a user does.
    package var errorStream: ErrorStream { ErrorStream(sink: writeError) }

    package struct ErrorStream: TextOutputStream, Sendable {
        let sink: @Sendable (String) -> Void

        package mutating func write(_ string: String) {
            sink(string)
        }
    }
}
