import Foundation
import Hummingbird

/// A template that could not be loaded or used.
public struct TemplateError: Error, CustomStringConvertible {
    public let name: String
    public let reason: String
    public var description: String { "template \(name): \(reason)" }
}
