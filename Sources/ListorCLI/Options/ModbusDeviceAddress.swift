import ArgumentParser
import Foundation
import Modbus

/// The one string `serve --modbus-device` takes for a device, in any of its transports:
///
/// - `HOST[:PORT]` or `tcp://HOST[:PORT]`: Modbus TCP, port 502 unless given;
/// - `rtu:/dev/ttyUSB0?baud=9600&parity=none&data=8&stop=1`: Modbus RTU on a serial port,
///   19200 8E1 unless given, as mbpoll's defaults are;
/// - `rtu+tcp://HOST:PORT`: RTU frames over TCP, through an Ethernet gateway.
struct ModbusDeviceAddress: ExpressibleByArgument {
    let link: ModbusLink

    init?(argument: String) {
        guard let link = try? Self.link(argument) else { return nil }
        self.link = link
    }

    /// The link `text` names, or why it names none.
    static func link(_ text: String) throws -> ModbusLink {
        if text.hasPrefix("rtu:") && !text.hasPrefix("rtu://") {
            return .rtu(try serialLine(String(text.dropFirst(4))))
        }
        if text.hasPrefix("rtu+tcp://") {
            let endpoint = try endpoint(String(text.dropFirst(10)), text)
            return .rtuOverTCP(host: endpoint.host, port: endpoint.port)
        }
        let rest = text.hasPrefix("tcp://") ? String(text.dropFirst(6)) : text
        if rest.hasPrefix("/") {
            throw ValidationError("\"\(text)\" is a path: a serial port is written rtu:\(rest)?baud=9600&parity=none")
        }
        let endpoint = try endpoint(rest, text)
        return .tcp(host: endpoint.host, port: endpoint.port)
    }

    private static func endpoint(_ text: String, _ whole: String) throws -> ModbusEndpoint {
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let endpoint = ModbusEndpoint(argument: trimmed) else {
            throw ValidationError("\"\(whole)\" is not HOST[:PORT] with a port from 1 to 65535")
        }
        return endpoint
    }

    /// `/dev/ttyUSB0?baud=9600&parity=none&data=8&stop=1`.
    static func serialLine(_ text: String) throws -> SerialLine {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard path.hasPrefix("/") else { throw ValidationError("rtu:\(text): the serial port must be a path, such as rtu:/dev/ttyUSB0") }
        var line = SerialLine(path: path)
        for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
            let field = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let (name, value) = (field[0], field.count > 1 ? field[1] : "")
            func number() throws -> Int {
                guard let number = Int(value) else { throw ValidationError("rtu:\(text): \(name)=\(value) is not a number") }
                return number
            }
            switch name {
            case "baud": line.baudRate = try number()
            case "data": line.dataBits = try number()
            case "stop": line.stopBits = try number()
            case "parity":
                guard let parity = SerialLine.Parity(rawValue: value.lowercased()) ?? ["n": .none, "e": .even, "o": .odd][value.lowercased()] else {
                    throw ValidationError("rtu:\(text): parity=\(value) is not none, even or odd")
                }
                line.parity = parity
            default:
                throw ValidationError("rtu:\(text): \"\(name)\" is not a setting; they are baud, parity, data and stop")
            }
        }
        do { try line.validate() } catch { throw ValidationError("rtu:\(text): \(error.description.replacingOccurrences(of: "invalid request: ", with: ""))") }
        return line
    }
}
