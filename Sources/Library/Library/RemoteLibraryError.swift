import Foundation
import ListorKit

/// A refusal from a library server that the library's own errors do not cover.
public struct RemoteLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    public let url: URL
    public let status: Int
    public let message: String

    public var description: String { "\(url.absoluteString): \(message)" }
}
