import Foundation
import ListorKit

/// The mail a device's alarms send to whom the plant file names: one letter a recipient for each
/// alarm raised and cleared, put in the history's outbox with the alarm, so that each goes once
/// however many servers record it.
public struct AlarmLetters: Sendable {
    /// Who is mailed.
    public var recipients: [String]
    /// The device's name in the plant, and where it is: "TUF-2000M at 127.0.0.1:502, unit 1".
    public var device: String
    public var place: String

    /// An alarm's letter not sent within this long is not sent at all: a server that ran without
    /// a mail server, then with one, does not send this morning's alarms in the evening.
    public static let freshFor: TimeInterval = 3600

    public init(recipients: [String], device: String, place: String) {
        self.recipients = recipients
        self.device = device
        self.place = place
    }

    /// "boiler: high alarm raised on Temperature (1-2): 85.3 °C, above 85.0 °C", to each recipient.
    public func letters(_ event: AlarmEvent) -> [OutgoingMail] {
        let time = event.time.formatted(Date.ISO8601FormatStyle())
        let body = "\(event.description).\n\nDevice: \(device) (\(place))\nTime: \(time)\n\nListor, ModbusApp\n"
        let key = "alarm-\(device)-\(event.register)-\(event.kind.rawValue)-\(event.change.rawValue)-\(Int64(event.time.timeIntervalSince1970 * 1000))"
        return recipients.map { recipient in
            OutgoingMail(key: key + "-" + recipient.lowercased(), kind: "alarm-\(event.change.rawValue)", recipient: recipient, recipientName: recipient,
                         subject: "\(device): \(event.description)", body: body)
        }
    }
}
