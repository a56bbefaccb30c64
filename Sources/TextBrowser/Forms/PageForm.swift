import Foundation

/// A `<form>`: where it goes, how, and its fields in document order.
public struct PageForm: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case get = "GET"
        case post = "POST"
    }

    public var action: URL
    public var method: Method
    public var fields: [FormField]

    public init(action: URL, method: Method, fields: [FormField] = []) {
        self.action = action
        self.method = method
        self.fields = fields
    }
}
