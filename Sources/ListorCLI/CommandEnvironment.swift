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
}
