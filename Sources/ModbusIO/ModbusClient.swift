import Foundation
import Modbus

/// A Modbus client for one device, over any `ModbusLink`: Modbus TCP, Modbus RTU on a serial
/// line, or RTU frames over TCP. One request in flight at a time (many devices, pymodbus's server
/// among them, drop pipelined requests, and a serial line carries one frame at a time), timeouts
/// on connecting and on every response, and after the link breaks (the device drops the
/// connection, the USB adapter is unplugged) it is opened again with a backoff that doubles.
///
/// The link's I/O runs on a thread of its own in blocking system calls, as libmodbus's does: a
/// request costs a write, a poll and a read, with no event loop between. A batch of requests
/// (`send(_:)` with an array, what a poll sends) goes out and comes back in one hop to that
/// thread and one back.
public final class ModbusClient: ModbusTransport {
    public let link: ModbusLink
    public let unitID: UInt8
    public let configuration: ModbusClientConfiguration
    private let io: LinkIO
    private let thread: LinkThread

    /// Where errors say the device is: "10.0.0.7:502", "/dev/ttyUSB0".
    public var endpoint: String { link.endpoint }

    public init(_ link: ModbusLink, unitID: UInt8 = 1, configuration: ModbusClientConfiguration = .init()) {
        self.link = link
        self.unitID = unitID
        self.configuration = configuration
        io = LinkIO(link: link, unitID: unitID, configuration: configuration)
        thread = LinkThread(name: "Modbus \(link.endpoint)")
    }

    deinit {
        let io = io
        thread.run { io.close() }
        thread.stop()
    }

    /// Sends `request` and waits for its response. Throws `ModbusError`: the request's limits
    /// before anything is sent, the device's exception, or what went wrong on the way.
    public func send(_ request: ModbusRequest) async throws -> ModbusResponse {
        try request.validate()
        try Task.checkCancellation()
        return try await perform([request])[0].get()
    }

    /// Sends `requests` one after another on the link's thread and returns every outcome in
    /// order; once the link fails, the rest fail with it unsent.
    public func send(_ requests: [ModbusRequest]) async -> [Result<ModbusResponse, ModbusError>] {
        guard !requests.isEmpty else { return [] }
        return await perform(requests)
    }

    /// Closes the link; the next request opens it again.
    public func close() async {
        let io = io
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            thread.run {
                io.close()
                continuation.resume()
            }
        }
    }

    private func perform(_ requests: [ModbusRequest]) async -> [Result<ModbusResponse, ModbusError>] {
        let io = io
        return await withCheckedContinuation { continuation in
            thread.run { continuation.resume(returning: io.run(requests)) }
        }
    }
}
