import Foundation

/// Why a file could not be read or understood; every message names the file.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        case unreadable
        case tooLarge
        case notDecodable
    }

    public var code: Code
    public var path: String
    public var reason: ErrorCause

    public init(code: Code, path: String, reason: ErrorCause) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
