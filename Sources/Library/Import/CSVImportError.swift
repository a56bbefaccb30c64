import Foundation
import ListorKit

/// A file that cannot be imported at all: no header, a missing column, broken quoting.
public struct CSVImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }
    public var description: String { message }
}
