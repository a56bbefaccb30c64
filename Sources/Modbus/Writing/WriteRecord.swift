import Foundation

/// One write as the audit log keeps it: when, who, which device and register, the value before
/// and the one asked for, what was read back, and the device's answer.
public struct WriteRecord: Sendable, Hashable {
    /// Who asks for a write, as the audit log names them.
    public var time: Date
    /// Who asked: a `ChangeAuthor`'s description.
    public var who: String
    public var device: String
    /// "61-62", as the map labels the registers.
    public var register: String
    public var variable: String
    /// The value before the write; nil when it could not be read.
    public var old: String?
    public var requested: String
    /// The value read back after the write; nil when the write failed or it could not be read.
    public var readBack: String?
    /// "written", or the device's refusal ("exception 02 (illegal data address) …") or what went wrong.
    public var answer: String
    public var succeeded: Bool

    public init(time: Date, who: String, device: String, register: String, variable: String, old: String?, requested: String,
                readBack: String?, answer: String, succeeded: Bool) {
        self.time = time
        self.who = who
        self.device = device
        self.register = register
        self.variable = variable
        self.old = old
        self.requested = requested
        self.readBack = readBack
        self.answer = answer
        self.succeeded = succeeded
    }
}
