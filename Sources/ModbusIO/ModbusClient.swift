import Foundation
import Modbus

/// A Modbus client for one device, over any `ModbusLink`: Modbus TCP, Modbus RTU on a serial
/// line, or RTU frames over TCP. It sends on a `ModbusLine`, its own or one it shares with the
/// other devices on the same wire: one request in flight at a time (many devices, pymodbus's
/// server among them, drop pipelined requests, and a serial line carries one frame at a time),
/// timeouts on connecting and on every response, and after the link breaks (the device drops
/// the connection, the USB adapter is unplugged) it is opened again with a backoff that doubles.
///
/// The line's I/O runs on a thread of its own in blocking system calls, as libmodbus's does: a
/// request costs a write, a poll and a read, with no event loop between. A batch of requests
/// (`send(_:)` with an array, what a poll sends) goes out and comes back in one hop to that
/// thread and one back.
public final class ModbusClient: ModbusTransport {
    public let line: ModbusLine
    public let unitID: UInt8

    public var link: ModbusLink { line.link }

    /// Where errors say the device is: "10.0.0.7:502", "/dev/ttyUSB0".
    public var endpoint: String { link.endpoint }

    /// A client on a line of its own.
    public convenience init(_ link: ModbusLink, unitID: UInt8 = 1, configuration: ModbusClientConfiguration = .init()) {
        self.init(line: ModbusLine(link, configuration: configuration), unitID: unitID)
    }

    /// A client of unit `unitID` on `line`, which other devices may share.
    public init(line: ModbusLine, unitID: UInt8) {
        self.line = line
        self.unitID = unitID
    }

    /// Sends `request` and waits for its response. Throws `ModbusError`: the request's limits
    /// before anything is sent, the device's exception, or what went wrong on the way.
    public func send(_ request: ModbusRequest) async throws -> ModbusResponse {
        try request.validate()
        return try await line.perform([request], unit: unitID)[0].get()
    }

    /// Sends `requests` one after another on the line's thread and returns every outcome in
    /// order; once the link fails, the rest fail with it unsent.
    public func send(_ requests: [ModbusRequest]) async -> [Result<ModbusResponse, ModbusError>] {
        guard !requests.isEmpty else { return [] }
        return await line.perform(requests, unit: unitID)
    }

    /// Closes the line; the next request opens it again.
    public func close() async {
        await line.close()
    }
}
