/// An `--smtp-url` or SMTP environment that cannot be used, and why.
public struct SMTPSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
