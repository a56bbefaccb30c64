import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Modbus
import ModbusIO

/// Options every command that talks to a device shares, spelled as mbpoll spells them: a host
/// for Modbus TCP, or a serial port for Modbus RTU with its baud rate, parity, data and stop bits.
struct DeviceOptions: ParsableArguments {
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case tcp, rtu
    }

    @Argument(help: ArgumentHelp("The device: HOST or HOST:PORT (port 502 by default) for Modbus TCP, or a serial port such as /dev/ttyUSB0 for Modbus RTU.", valueName: "device"))
    var device: String
    @Option(name: [.customShort("m"), .customLong("mode")], help: "tcp or rtu (the default for a serial port; with a host, RTU frames over TCP).")
    var mode: Mode?
    @Option(name: [.customShort("b"), .customLong("baud")], help: ArgumentHelp("RTU: the baud rate (default 19200).", valueName: "rate"))
    var baudRate: Int?
    @Option(name: [.customShort("P"), .customLong("parity")], help: ArgumentHelp("RTU: none, even (the default) or odd.", valueName: "parity"))
    var parity: SerialLine.Parity?
    @Option(name: [.customShort("d"), .customLong("data-bits")], help: ArgumentHelp("RTU: 7 or 8 (default) data bits.", valueName: "bits"))
    var dataBits: Int?
    @Option(name: [.customShort("s"), .customLong("stop-bits")], help: ArgumentHelp("RTU: 1 (default) or 2 stop bits.", valueName: "bits"))
    var stopBits: Int?
    @Option(name: [.customShort("a"), .customLong("unit")], help: "The unit (slave) id.")
    var unit: UInt8 = 1
    @Option(name: .customLong("timeout"), help: ArgumentHelp("Seconds to wait for a connection and for each response.", valueName: "seconds"))
    var timeout: Double = 2

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout: must be more than 0 and at most 600 seconds") }
        _ = try link()
    }

    /// The link the options describe; a setting that does not fit the device is named.
    func link() throws -> ModbusLink {
        if device.hasPrefix("/") {
            guard mode != .tcp else { throw ValidationError("-m tcp: \(device) is a serial port, which speaks RTU (-m rtu)") }
            var line = SerialLine(path: device)
            if let baudRate { line.baudRate = baudRate }
            if let parity { line.parity = parity }
            if let dataBits { line.dataBits = dataBits }
            if let stopBits { line.stopBits = stopBits }
            do { try line.validate() } catch {
                throw ValidationError(error.description.replacingOccurrences(of: "invalid request: ", with: ""))
            }
            return .rtu(line)
        }
        for (flag, given) in [("-b", baudRate != nil), ("-P", parity != nil), ("-d", dataBits != nil), ("-s", stopBits != nil)] where given {
            throw ValidationError("\(flag): only a serial port takes line settings; \(device) is reached over TCP")
        }
        guard let endpoint = ModbusEndpoint(argument: device) else {
            throw ValidationError("\"\(device)\" is neither HOST[:PORT] (a port from 1 to 65535) nor a serial port path")
        }
        return mode == .rtu ? .rtuOverTCP(host: endpoint.host, port: endpoint.port) : .tcp(host: endpoint.host, port: endpoint.port)
    }

    /// A client of the device, on a connection of its own that closes when `scope` ends.
    func client(in scope: ResourceScope) throws -> ModbusClient {
        ModbusComposition.client(try link(), unit: unit, timeout: .milliseconds(Int(timeout * 1000)), in: scope)
    }
}

extension SerialLine.Parity: ExpressibleByArgument {}

extension DeviceOptions {
    /// Sends one request on a connection of its own. A request over the protocol's limits is a
    /// usage error (exit 64); a failure on the way is one line on standard error and exit 1.
    func send(_ request: ModbusRequest, _ environment: CommandEnvironment) async throws -> ModbusResponse {
        do { try request.validate() } catch { throw ValidationError(error.description) }
        do {
            return try await ResourceScope.with { scope in try await client(in: scope).send(request) }
        } catch {
            try failModbus(error, environment)
        }
    }
}

/// A Modbus failure as one line on standard error and exit code 1, as mbpoll does.
func failModbus(_ error: any Error, _ environment: CommandEnvironment) throws -> Never {
    environment.writeError("listor: \((error as? ModbusError)?.description ?? "\(error)")\n")
    throw ExitCode.failure
}
