import Foundation
import ListorKit

/// The devices `serve` polls, as a plant file lists them:
///
/// ```json
/// {"devices": [{"name": "meter-1", "device": "127.0.0.1:5020", "unit": 1, "map": "tuf-2000m", "interval": 1}]}
/// ```
///
/// `device` is an address as `ModbusLink(address:)` reads it; `unit` is 1 unless given; `map`
/// is `tuf-2000m` (the default) or a register map file's path; `interval` is in seconds, 1
/// unless given. Devices at the same address share its line. `"alarm_mail": ["ops@example.org"]`
/// names who is mailed each alarm raised and cleared.
public struct ModbusPlant: Sendable, Hashable {
    public var devices: [PlantDevice]
    /// Who is mailed each alarm raised and cleared, of every device.
    public var alarmMail: [String]

    public init(devices: [PlantDevice], alarmMail: [String] = []) {
        self.devices = devices
        self.alarmMail = alarmMail
    }

    /// The devices grouped by the line they share, each group and each device in the file's order.
    public var lines: [[PlantDevice]] {
        var order: [String] = []
        var groups: [String: [PlantDevice]] = [:]
        for device in devices {
            if groups[device.lineKey] == nil { order.append(device.lineKey) }
            groups[device.lineKey, default: []].append(device)
        }
        return order.map { groups[$0] ?? [] }
    }

    /// The devices' fields.
    static let fields = ["name", "device", "unit", "map", "interval"]

    /// Reads a plant file. A plant is used whole or not at all: every problem is collected, each
    /// naming the device (its place in `devices`, and its name) and the field, and any one throws.
    public static func decode(_ bytes: some Collection<UInt8>) throws(ModbusPlantError) -> ModbusPlant {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw ModbusPlantError([Problem(reason: "not JSON: \(error)")]) }
        let entries: [JSONValue]
        var alarmMail: [String] = []
        do {
            let fields = try JSONFields(root, codingPath: [])
            guard case .array(let array) = try fields.value(AnyJSONKey("devices")) else {
                throw fields.invalid(AnyJSONKey("devices"), "expected an array of devices")
            }
            guard !array.isEmpty else { throw fields.invalid(AnyJSONKey("devices"), "lists no device") }
            if let unknown = fields.object.keys.first(where: { $0 != "devices" && $0 != "alarm_mail" }) {
                throw fields.invalid("\"\(unknown)\" is not a field of a plant; it has \"devices\" and \"alarm_mail\"")
            }
            if fields.contains(AnyJSONKey("alarm_mail")) {
                guard case .array(let addresses) = try fields.value(AnyJSONKey("alarm_mail")) else {
                    throw fields.invalid(AnyJSONKey("alarm_mail"), "expected a list of email addresses")
                }
                for (index, address) in addresses.enumerated() {
                    var errors: [FieldError] = []
                    guard case .string(let text) = address, let email = TextInput.email(text, "alarm_mail", required: true, errors: &errors), errors.isEmpty else {
                        throw fields.invalid(AnyJSONKey("alarm_mail"), "item \(index + 1), \(address.summary), is not an email address (name@example.org)")
                    }
                    alarmMail.append(email)
                }
            }
            entries = array
        } catch let error as DecodingError {
            throw ModbusPlantError([Problem(decodingError: error)])
        } catch {
            throw ModbusPlantError([Problem(reason: "\(error)")])
        }
        var devices: [PlantDevice] = []
        var problems: [Problem] = []
        var firstOnLine: [String: PlantDevice] = [:]
        var named: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let name = entry["name"].flatMap { if case .string(let name) = $0 { name } else { nil } }
            if let name, let other = named[name] {
                problems.append(Problem(index: index, itemName: name, field: "name", reason: "\"\(name)\" is the name of item \(other) too"))
            } else if let name {
                named[name] = index
            }
            let device: PlantDevice
            do {
                device = try Self.device(entry, codingPath: [AnyJSONKey("devices"), IndexKey(intValue: index)])
            } catch let error as DecodingError {
                var problem = Problem(decodingError: error, index: index, itemName: name)
                let prefix = "devices[\(index)]"
                problem.field = problem.field.flatMap { field in
                    field == prefix ? nil : field.hasPrefix(prefix + ".") ? String(field.dropFirst(prefix.count + 1)) : field
                }
                problems.append(problem)
                continue
            } catch {
                problems.append(Problem(index: index, itemName: name, reason: "\(error)"))
                continue
            }
            func problem(_ field: String, _ reason: String) {
                problems.append(Problem(index: index, itemName: device.name, field: field, reason: reason))
            }
            if let other = firstOnLine[device.lineKey] {
                if other.link != device.link {
                    problem("device", "\(device.link) is on the line of \"\(other.name)\", which is \(other.link): devices on one line share its settings")
                } else if let same = devices.first(where: { $0.lineKey == device.lineKey && $0.unit == device.unit }) {
                    problem("unit", "unit \(device.unit) on \(device.link) is \"\(same.name)\" already")
                }
            }
            if firstOnLine[device.lineKey] == nil { firstOnLine[device.lineKey] = device }
            devices.append(device)
        }
        guard problems.isEmpty else { throw ModbusPlantError(problems) }
        return ModbusPlant(devices: devices, alarmMail: alarmMail)
    }

    private static func device(_ value: JSONValue, codingPath: [any CodingKey]) throws -> PlantDevice {
        let fields = try JSONFields(value, codingPath: codingPath)
        if let unknown = fields.object.keys.first(where: { !Self.fields.contains($0) }) {
            throw fields.invalid("\"\(unknown)\" is not a field of a device; they are \(Self.fields.joined(separator: ", "))")
        }
        let name = try fields.string(AnyJSONKey("name"))
        guard (1...64).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
            throw fields.invalid(AnyJSONKey("name"), "\"\(name)\" is not a device name: 1 to 64 letters, digits, \".\", \"_\" or \"-\"")
        }
        let address = try fields.string(AnyJSONKey("device"))
        let link: ModbusLink
        do { link = try ModbusLink(address: address) } catch { throw fields.invalid(AnyJSONKey("device"), error.description) }
        let unit = try fields.optionalInteger(Int.self, AnyJSONKey("unit")) ?? 1
        let units = link.isRTU ? 1...247 : 0...255
        guard units.contains(unit) else {
            throw fields.invalid(AnyJSONKey("unit"), "\(unit) is not a unit id \(link.isRTU ? "on an RTU line" : "over Modbus TCP"), which run from \(units.lowerBound) to \(units.upperBound)")
        }
        let map: PlantDevice.MapSource
        switch try fields.optionalString(AnyJSONKey("map"))?.trimmed() {
        case nil, "tuf-2000m": map = .tuf2000m
        case let path?:
            guard !path.isEmpty else { throw fields.invalid(AnyJSONKey("map"), "is empty: give \"tuf-2000m\" or a register map file") }
            map = .file(path)
        }
        var interval = Duration.seconds(1)
        if fields.contains(AnyJSONKey("interval")) {
            let seconds = try fields.double(AnyJSONKey("interval"))
            guard seconds >= 0.1, seconds <= 3600 else { throw fields.invalid(AnyJSONKey("interval"), "\(seconds) is outside 0.1 to 3600 seconds") }
            interval = .milliseconds(Int((seconds * 1000).rounded()))
        }
        return PlantDevice(name: name, link: link, unit: UInt8(unit), map: map, interval: interval)
    }
}
