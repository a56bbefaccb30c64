import ArgumentParser
import ListorCommandKit
import Modbus

/// HOST or HOST:PORT (IPv6 in brackets), port 502 unless given.
struct ModbusEndpoint: ExpressibleByArgument {
    let host: String
    let port: Int

    init?(argument: String) {
        guard let (host, port) = ModbusLink.endpoint(argument) else { return nil }
        self.host = host
        self.port = port
    }
}
