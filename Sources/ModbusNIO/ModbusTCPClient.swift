import Modbus
import NIOCore
import NIOPosix

/// A Modbus TCP client on SwiftNIO: one connection, one request in flight at a time (many
/// devices, pymodbus's server among them, drop pipelined requests), TCP_NODELAY, timeouts on
/// connecting and on every response, and reconnection with exponential backoff after the
/// device drops the connection.
///
/// The client runs on the event loop its connection uses: its actor's executor is that loop,
/// so a request and its response never change threads inside the client.
public actor ModbusTCPClient: ModbusTransport {
    public nonisolated let host: String
    public nonisolated let port: Int
    public nonisolated let unitID: UInt8
    public nonisolated let configuration: ModbusClientConfiguration
    private nonisolated let eventLoop: any EventLoop

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        taskExecutor.asUnownedSerialExecutor()
    }

    /// The client's event loop as a task executor, for callers that send many requests.
    public nonisolated let taskExecutor: EventLoopTaskExecutor

    private var connection: Connection?
    private var transactionID: UInt16 = 0
    private var failedConnects = 0
    private var retryAt: ContinuousClock.Instant?
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The open connection and its handler, which only this loop may touch.
    private struct Connection {
        let channel: any Channel
        let handler: NIOLoopBound<ModbusClientHandler>
    }

    public nonisolated var endpoint: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public init(host: String, port: Int = 502, unitID: UInt8 = 1, configuration: ModbusClientConfiguration = .init(),
                group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.host = host
        self.port = port
        self.unitID = unitID
        self.configuration = configuration
        eventLoop = group.next()
        taskExecutor = EventLoopTaskExecutor(eventLoop)
    }

    /// Sends `request` and waits for its response. Throws `ModbusError`: the request's limits
    /// before anything is sent, the device's exception, or what went wrong on the way.
    public func send(_ request: ModbusRequest) async throws -> ModbusResponse {
        try request.validate()
        await takeTurn()
        defer { passTurn() }
        try Task.checkCancellation()
        let connection = try await connected()
        transactionID &+= 1
        let frame = MBAPFrame(transactionID: transactionID, unitID: unitID, pdu: request.pdu)
        let reply: MBAPFrame
        do {
            // The actor runs on the connection's loop, so the handler is called directly.
            reply = try await withUnsafeThrowingContinuation { continuation in
                connection.handler.value.send(frame, continuation: continuation)
            }
        } catch {
            // After a timeout a late answer could be taken for the next request's: start afresh.
            drop(connection)
            throw error
        }
        guard reply.unitID == unitID else {
            throw ModbusError.mismatchedResponse("unit \(reply.unitID) answered a request to unit \(unitID)")
        }
        return try ModbusResponse(pdu: reply.pdu, answering: request)
    }

    /// Closes the connection; the next request opens a new one.
    public func close() async {
        if let connection {
            self.connection = nil
            try? await connection.channel.close()
        }
    }

    // MARK: Connection

    private func connected() async throws -> Connection {
        if let connection, connection.channel.isActive { return connection }
        connection = nil
        if let retryAt, ContinuousClock.now < retryAt {
            try await Task.sleep(until: retryAt, clock: .continuous)
        }
        do {
            let connection = try await connect()
            failedConnects = 0
            retryAt = nil
            self.connection = connection
            return connection
        } catch {
            failedConnects += 1
            let backoff = min(configuration.initialBackoff * (1 << min(failedConnects - 1, 16)), configuration.maximumBackoff)
            retryAt = ContinuousClock.now + backoff
            throw error
        }
    }

    private func connect() async throws -> Connection {
        let endpoint = endpoint
        let responseTimeout = configuration.responseTimeout
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            let handler = try await channel.eventLoop.submit {
                let handler = ModbusClientHandler(endpoint: endpoint, responseTimeout: responseTimeout)
                try channel.pipeline.syncOperations.addHandler(handler)
                return NIOLoopBound(handler, eventLoop: channel.eventLoop)
            }.get()
            return Connection(channel: channel, handler: handler)
        } catch is ChannelError {
            throw ModbusError.connectTimeout(endpoint: endpoint, seconds: configuration.connectTimeout.seconds)
        } catch let error as NIOConnectionError {
            let reason = error.connectionErrors.first.map { Self.reason($0.error) } ?? error.dnsAError.map { "\($0)" } ?? "\(error)"
            throw ModbusError.connectFailed(endpoint: endpoint, reason: reason)
        } catch let error as IOError {
            throw ModbusError.connectFailed(endpoint: endpoint, reason: Self.reason(error))
        } catch {
            throw ModbusError.connectFailed(endpoint: endpoint, reason: "\(error)")
        }
    }

    /// "Connection refused" rather than NIO's description of where it happened.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        return String(cString: strerror(error.errnoCode))
    }

    private func drop(_ connection: Connection) {
        if self.connection?.channel === connection.channel { self.connection = nil }
        connection.channel.close(promise: nil)
    }

    // MARK: One request at a time

    private func takeTurn() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func passTurn() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
