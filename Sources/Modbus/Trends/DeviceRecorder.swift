import Foundation

/// The server that records a device of a shared history, where it polls it, and what it last
/// said of it: so that the other servers can tell whether the device answers.
public struct DeviceRecorder: Sendable, Hashable {
    /// "listor serve on plant-a (data in /var/lib/listor)".
    public var owner: String
    /// "10.0.0.5:502, unit 3".
    public var source: String
    /// How often it polls the device; nil for a claim from before it was kept.
    public var interval: Duration?
    /// Since when the device has not answered its recorder, and why; nil while it answers.
    public var downSince: Date?
    public var downReason: String?

    public init(owner: String, source: String, interval: Duration? = nil, downSince: Date? = nil, downReason: String? = nil) {
        self.owner = owner
        self.source = source
        self.interval = interval
        self.downSince = downSince
        self.downReason = downReason
    }
}
