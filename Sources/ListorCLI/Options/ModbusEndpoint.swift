import ArgumentParser
import Foundation
import ListorKit
import Modbus

/// HOST or HOST:PORT (IPv6 in brackets), port 502 unless given.
struct ModbusEndpoint: ExpressibleByArgument {
    let host: String
    let port: Int

    init?(argument: String) {
        if argument.hasPrefix("["), let close = argument.firstIndex(of: "]") {
            host = String(argument[argument.index(after: argument.startIndex)..<close])
            let rest = argument[argument.index(after: close)...]
            if rest.isEmpty { port = 502 } else if rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port) { self.port = port } else { return nil }
        } else if let colon = argument.lastIndex(of: ":"), argument.firstIndex(of: ":") == colon {
            host = String(argument[..<colon])
            guard let port = Int(argument[argument.index(after: colon)...]), (1...65535).contains(port) else { return nil }
            self.port = port
        } else {
            host = argument
            port = 502
        }
        guard !host.isEmpty else { return nil }
    }
}
