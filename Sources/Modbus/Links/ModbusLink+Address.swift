import Foundation
import ListorKit

extension ModbusLink {
    /// The link a device's address names, in any of its transports:
    ///
    /// - `HOST[:PORT]` or `tcp://HOST[:PORT]`: Modbus TCP, port 502 unless given (IPv6 in brackets);
    /// - `rtu:/dev/ttyUSB0?baud=9600&parity=none&data=8&stop=1`: Modbus RTU on a serial port,
    ///   19200 8E1 unless given, as mbpoll's defaults are;
    /// - `rtu+tcp://HOST:PORT`: RTU frames over TCP, through an Ethernet gateway.
    ///
    /// What is wrong is said in words that name the part of `address` at fault.
    public init(address: String) throws(ModbusAddressError) {
        if address.hasPrefix("rtu:") && !address.hasPrefix("rtu://") {
            self = .rtu(try Self.serialLine(String(address.dropFirst(4))))
            return
        }
        if address.hasPrefix("rtu+tcp://") {
            let (host, port) = try Self.endpoint(String(address.dropFirst(10)), in: address)
            self = .rtuOverTCP(host: host, port: port)
            return
        }
        let rest = address.hasPrefix("tcp://") ? String(address.dropFirst(6)) : address
        if rest.hasPrefix("/") {
            throw ModbusAddressError("\"\(address)\" is a path: a serial port is written rtu:\(rest)?baud=9600&parity=none")
        }
        let (host, port) = try Self.endpoint(rest, in: address)
        self = .tcp(host: host, port: port)
    }

    /// HOST or HOST:PORT (IPv6 in brackets), port 502 unless given; nil when `text` is neither.
    public static func endpoint(_ text: String) -> (host: String, port: Int)? {
        let host: String, port: Int
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if rest.isEmpty {
                port = 502
            } else if rest.hasPrefix(":"), let given = Int(rest.dropFirst()), (1...65535).contains(given) {
                port = given
            } else {
                return nil
            }
        } else if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
            host = String(text[..<colon])
            guard let given = Int(text[text.index(after: colon)...]), (1...65535).contains(given) else { return nil }
            port = given
        } else {
            host = text
            port = 502
        }
        return host.isEmpty ? nil : (host, port)
    }

    private static func endpoint(_ text: String, in address: String) throws(ModbusAddressError) -> (host: String, port: Int) {
        guard let endpoint = endpoint(text.hasSuffix("/") ? String(text.dropLast()) : text) else {
            throw ModbusAddressError("\"\(address)\" is not HOST[:PORT] with a port from 1 to 65535")
        }
        return endpoint
    }

    /// `/dev/ttyUSB0?baud=9600&parity=none&data=8&stop=1`.
    private static func serialLine(_ text: String) throws(ModbusAddressError) -> SerialLine {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard path.hasPrefix("/") else { throw ModbusAddressError("rtu:\(text): the serial port must be a path, such as rtu:/dev/ttyUSB0") }
        var line = SerialLine(path: path)
        for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
            let field = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let (name, value) = (field[0], field.count > 1 ? field[1] : "")
            func number() throws(ModbusAddressError) -> Int {
                guard let number = Int(digits: value) else { throw ModbusAddressError("rtu:\(text): \(name)=\(value) is not a number") }
                return number
            }
            switch name {
            case "baud": line.baudRate = try number()
            case "data": line.dataBits = try number()
            case "stop": line.stopBits = try number()
            case "parity":
                guard let parity = SerialLine.Parity(rawValue: value.lowercased()) ?? ["n": .none, "e": .even, "o": .odd][value.lowercased()] else {
                    throw ModbusAddressError("rtu:\(text): parity=\(value) is not none, even or odd")
                }
                line.parity = parity
            default:
                throw ModbusAddressError("rtu:\(text): \"\(name)\" is not a setting; they are baud, parity, data and stop")
            }
        }
        do { try line.validate() } catch {
            throw ModbusAddressError("rtu:\(text): \(error.description.replacingOccurrences(of: "invalid request: ", with: ""))")
        }
        return line
    }
}
