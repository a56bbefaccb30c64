import Modbus
import NIOCore
import NIOPosix

/// A Modbus client on SwiftNIO for one device, over any `ModbusLink`: Modbus TCP, Modbus RTU on
/// a serial line, or RTU frames over TCP. One request in flight at a time (many devices,
/// pymodbus's server among them, drop pipelined requests, and a serial line carries one frame
/// at a time), timeouts on connecting and on every response, and after the link breaks (the
/// device drops the connection, the USB adapter is unplugged) it is opened again with a
/// backoff that doubles.
///
/// The client runs on the event loop its link uses: its actor's executor is that loop, so a
/// request and its response never change threads inside the client, and a batch of requests
/// (`send(_:)` with an array, what a poll sends) goes out and comes back without one.
public actor ModbusClient: ModbusTransport {
    public nonisolated let link: ModbusLink
    public nonisolated let unitID: UInt8
    public nonisolated let configuration: ModbusClientConfiguration
    private nonisolated let eventLoop: any EventLoop

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        taskExecutor.asUnownedSerialExecutor()
    }

    /// The client's event loop as a task executor, for callers that send many requests.
    public nonisolated let taskExecutor: EventLoopTaskExecutor

    private var connection: Connection?
    private var failedConnects = 0
    private var retryAt: ContinuousClock.Instant?
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The open link and its handler, which only this loop may touch.
    private struct Connection {
        let channel: any Channel
        let handler: NIOLoopBound<ModbusClientHandler>
    }

    /// Where errors say the device is: "10.0.0.7:502", "/dev/ttyUSB0".
    public nonisolated var endpoint: String { link.endpoint }

    public init(_ link: ModbusLink, unitID: UInt8 = 1, configuration: ModbusClientConfiguration = .init(),
                group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.link = link
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
        // The actor runs on the link's loop, so the handler is called directly.
        let outcome = await withUnsafeContinuation { continuation in
            connection.handler.value.send(request) { continuation.resume(returning: $0) }
        }
        if case .failure(let failure) = outcome { dropAfter(failure, connection) }
        return try outcome.get()
    }

    /// Sends `requests` one after another on the client's own loop and returns every outcome
    /// in order; once the link fails, the rest fail with it unsent.
    public func send(_ requests: [ModbusRequest]) async -> [Result<ModbusResponse, ModbusError>] {
        guard !requests.isEmpty else { return [] }
        await takeTurn()
        defer { passTurn() }
        let connection: Connection
        do { connection = try await connected() } catch {
            let failure = error as? ModbusError ?? .connectFailed(endpoint: endpoint, reason: "\(error)")
            return requests.map { _ in .failure(failure) }
        }
        let outcomes = await withUnsafeContinuation { continuation in
            connection.handler.value.run(requests) { continuation.resume(returning: $0) }
        }
        if let failure = outcomes.lazy.compactMap({ if case .failure(let failure) = $0, failure.isLinkFailure { failure } else { nil } }).first {
            dropAfter(failure, connection)
        }
        return outcomes
    }

    /// Closes the link; the next request opens it again.
    public func close() async {
        if let connection {
            self.connection = nil
            try? await connection.channel.close()
        }
    }

    // MARK: Connection

    /// After a timeout a late answer could be taken for the next request's, and after a broken
    /// link there is nothing to keep: the next request starts afresh.
    private func dropAfter(_ failure: ModbusError, _ connection: Connection) {
        guard failure.isLinkFailure else { return }
        if self.connection?.channel === connection.channel { self.connection = nil }
        connection.channel.close(promise: nil)
    }

    private func connected() async throws -> Connection {
        if let connection, connection.channel.isActive { return connection }
        connection = nil
        if let retryAt, ContinuousClock.now < retryAt {
            try await Task.sleep(until: retryAt, clock: .continuous)
        }
        do {
            let connection = try await open()
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

    private func open() async throws(ModbusError) -> Connection {
        switch link {
        case .tcp(let host, let port): try await connect(host: host, port: port, framing: .mbap)
        case .rtuOverTCP(let host, let port): try await connect(host: host, port: port, framing: rtuFraming(for: nil))
        case .rtu(let line): try await openSerial(line)
        }
    }

    private func rtuFraming(for line: SerialLine?) -> ModbusClientHandler.Framing {
        // Over TCP there is no baud rate: the gaps are the specification's fastest.
        let frameGap = line?.frameGap ?? .microseconds(1750)
        let characterGap = line?.characterGap ?? .microseconds(750)
        return .rtu(frameGap: TimeAmount(frameGap), characterTimeout: TimeAmount(max(characterGap, configuration.minimumCharacterTimeout)))
    }

    private nonisolated func makeHandler(_ framing: ModbusClientHandler.Framing) -> ModbusClientHandler {
        let endpoint = endpoint
        let lost: (String?) -> ModbusError
        if case .rtu(let line) = link {
            lost = { reason in .portLost(path: line.path, reason: reason ?? "the port closed") }
        } else {
            lost = { _ in .disconnected(endpoint: endpoint) }
        }
        return ModbusClientHandler(endpoint: endpoint, unitID: unitID, responseTimeout: configuration.responseTimeout, framing: framing, lost: lost)
    }

    private func connect(host: String, port: Int, framing: ModbusClientHandler.Framing) async throws(ModbusError) -> Connection {
        // A response is at most 260 bytes and comes alone: one read of a small buffer takes it,
        // where NIO's defaults would read again until the socket is empty and size buffers by guess.
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelOption(.maxMessagesPerRead, value: 1)
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 1024))
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            return try await attach(framing, to: channel)
        } catch is ChannelError {
            throw .connectTimeout(endpoint: endpoint, seconds: configuration.connectTimeout.seconds)
        } catch let error as NIOConnectionError {
            let reason = error.connectionErrors.first.map { ModbusClientHandler.reason($0.error) } ?? error.dnsAError.map { "\($0)" } ?? "\(error)"
            throw .connectFailed(endpoint: endpoint, reason: reason)
        } catch {
            throw .connectFailed(endpoint: endpoint, reason: ModbusClientHandler.reason(error))
        }
    }

    private func openSerial(_ line: SerialLine) async throws(ModbusError) -> Connection {
        let descriptor = try SerialPort.open(line)
        let channel: any Channel
        do {
            channel = try await NIOPipeBootstrap(group: eventLoop).takingOwnershipOfDescriptor(inputOutput: descriptor).get()
        } catch {
            // The descriptor stays ours when SwiftNIO could not take it.
            _ = SerialPort.close(descriptor)
            throw .connectFailed(endpoint: line.path, reason: ModbusClientHandler.reason(error))
        }
        do {
            return try await attach(rtuFraming(for: line), to: channel)
        } catch {
            channel.close(promise: nil)
            throw .connectFailed(endpoint: line.path, reason: ModbusClientHandler.reason(error))
        }
    }

    private func attach(_ framing: ModbusClientHandler.Framing, to channel: any Channel) async throws -> Connection {
        return try await channel.eventLoop.submit { [self] in
            let handler = makeHandler(framing)
            try channel.pipeline.syncOperations.addHandler(handler)
            return Connection(channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
        }.get()
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
