import Foundation

/// Where a command's output goes: the process's streams, or a buffer in tests.
public struct CommandEnvironment: Sendable {
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void) {
        self.write = write
        self.writeError = writeError
    }

    public static let standard = CommandEnvironment(
        write: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Standard error as a stream, for swift-log's `StreamLogHandler`: `serve`'s log goes where
    /// its other messages go, so that a test sees it as a user does.
    var errorStream: ErrorStream { ErrorStream(sink: writeError) }

    struct ErrorStream: TextOutputStream, Sendable {
        let sink: @Sendable (String) -> Void

        mutating func write(_ string: String) {
            sink(string)
        }
    }
}
