import Foundation
import ListorCommandKit
import ListorKit
import Logging

/// `listor serve --log-format json`: each of swift-log's messages as one JSON object a line, for
/// a log system to read. The object holds the time (ISO 8601, UTC, to the millisecond), the
/// level, the message, the logger's label and source module, and every metadata key (a request's
/// `hb.request.id`, `route`, `status` and `duration_ms`), numbers as numbers.
struct JSONLogHandler: LogHandler {
    let label: String
    let write: @Sendable (String) -> Void
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let explicit = event.metadata { all.merge(explicit) { $1 } }
        if let error = event.error { all["error"] = .string(String(describing: error)) }
        let members: [(String, JSONValue)] = [
            ("time", .string(Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))),
            ("level", .string(event.level.rawValue)), ("message", .string(event.message.description)), ("label", .string(label)),
            ("source", .string(event.source)),
        ] + all.sorted { $0.key < $1.key }.map { ($0.key, Self.json($0.value)) }
        write(JSONValue.members(members).serialized(pretty: false) + "\n")
    }

    static func json(_ value: Logger.MetadataValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let number as any BinaryInteger): .number(Double(number))
        case .stringConvertible(let number as Double) where number.isFinite: .number(number)
        case .stringConvertible(let value): .string(value.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let values): .members(values.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
        }
    }
}
