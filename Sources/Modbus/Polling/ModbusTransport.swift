import Foundation

/// Sends Modbus requests to one device and returns its responses: the clients in ModbusIO
/// (TCP, RTU on a serial line, RTU over TCP), or a double in tests.
public protocol ModbusTransport: Sendable {
    /// Throws `ModbusError` for anything that goes wrong, exceptions included.
    func send(_ request: ModbusRequest) async throws -> ModbusResponse

    /// Sends `requests` one after another and returns each one's outcome, in order: what a
    /// poll does. Once the link fails, the requests after it are not sent and get the same
    /// failure. A client may run the whole batch without leaving its own thread.
    func send(_ requests: [ModbusRequest]) async -> [Result<ModbusResponse, ModbusError>]
}

extension ModbusTransport {
    public func send(_ requests: [ModbusRequest]) async -> [Result<ModbusResponse, ModbusError>] {
        var results: [Result<ModbusResponse, ModbusError>] = []
        results.reserveCapacity(requests.count)
        for request in requests {
            if case .failure(let failure) = results.last, failure.isLinkFailure {
                results.append(.failure(failure))
                continue
            }
            do {
                results.append(.success(try await send(request)))
            } catch {
                results.append(.failure(error as? ModbusError ?? .malformed("\(error)")))
            }
        }
        return results
    }
}
