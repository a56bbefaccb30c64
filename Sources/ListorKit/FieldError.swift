/// A bad value for one named input (an option, a query parameter, a form field), with what to do instead.
///
/// Views decide where to show it: next to the form field on a page, as a usage error on
/// the command line, as a 400 body from an API.
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
