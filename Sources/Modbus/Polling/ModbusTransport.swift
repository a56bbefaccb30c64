import Foundation

/// Sends Modbus requests to one device and returns its responses: the TCP client in
/// ModbusNIO, or a double in tests.
public protocol ModbusTransport: Sendable {
    /// Throws `ModbusError` for anything that goes wrong, exceptions included.
    func send(_ request: ModbusRequest) async throws -> ModbusResponse
}
