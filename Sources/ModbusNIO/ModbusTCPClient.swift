import Modbus
import NIOCore
import NIOPosix

/// Limits of a Modbus TCP client.
public struct ModbusClientConfiguration: Sendable {
    public var connectTimeout: Duration
    public var responseTimeout: Duration
    /// The wait before the first reconnection after a failed one; it doubles up to `maximumBackoff`.
    public var initialBackoff: Duration
    public var maximumBackoff: Duration

    public init(connectTimeout: Duration = .seconds(3), responseTimeout: Duration = .seconds(2),
                initialBackoff: Duration = .milliseconds(200), maximumBackoff: Duration = .seconds(10)) {
        self.connectTimeout = connectTimeout
        self.responseTimeout = responseTimeout
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }
}

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

/// The client's end of a connection: writes each request, cuts the byte stream into frames,
/// and resumes the request in flight with its answer, matched by transaction id. Fails it when
/// its time is up, or when the connection closes or breaks. Runs on the connection's loop only.
final class ModbusClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private struct Pending {
        let transactionID: UInt16
        let deadline: NIODeadline
        /// Resumed exactly once: by the answer, the timer, or the connection's end, whichever
        /// comes first clears `pending`.
        let continuation: UnsafeContinuation<MBAPFrame, any Error>
    }

    private let endpoint: String
    private let responseTimeout: Duration
    private var context: ChannelHandlerContext?
    private var received: ByteBuffer?
    private var pending: Pending?
    /// One timer per connection rather than one per request: when it fires it fails the request
    /// in flight if that one's time is up, and otherwise waits for that one's deadline.
    private var timer: Scheduled<Void>?

    init(endpoint: String, responseTimeout: Duration) {
        self.endpoint = endpoint
        self.responseTimeout = responseTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        fail(ModbusError.disconnected(endpoint: endpoint))
        timer?.cancel()
        self.context = nil
    }

    /// Sends `frame`; `continuation` gets the answer or the failure.
    func send(_ frame: MBAPFrame, continuation: UnsafeContinuation<MBAPFrame, any Error>) {
        guard let context, context.channel.isActive else {
            continuation.resume(throwing: ModbusError.disconnected(endpoint: endpoint))
            return
        }
        // The client sends one request at a time, so nothing is pending here.
        pending = Pending(transactionID: frame.transactionID, deadline: .now() + TimeAmount(responseTimeout), continuation: continuation)
        if timer == nil { armTimer(context) }
        var bytes = context.channel.allocator.buffer(capacity: MBAPFrame.headerSize + frame.pdu.count)
        frame.write { bytes.writeBytes($0) }
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if received == nil { received = bytes } else { received!.writeBuffer(&bytes) }
        do {
            while let frame = try MBAPFrameDecoder.nextFrame(from: &received!) {
                // A frame for another transaction is a late answer to a request that timed out.
                guard let pending, pending.transactionID == frame.transactionID else { continue }
                self.pending = nil
                pending.continuation.resume(returning: frame)
            }
            if received!.readableBytes == 0 { received = nil } else { received!.discardReadBytes() }
        } catch {
            fail(error)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(ModbusError.disconnected(endpoint: endpoint))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error as? ModbusError ?? ModbusError.disconnected(endpoint: endpoint))
        context.close(promise: nil)
    }

    private func fail(_ error: any Error) {
        guard let pending else { return }
        self.pending = nil
        pending.continuation.resume(throwing: error)
    }

    private func armTimer(_ context: ChannelHandlerContext) {
        guard let pending else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: pending.deadline) { [self] in
            timer = nil
            guard let pending = self.pending, let context = self.context else { return }
            if pending.deadline <= .now() {
                fail(ModbusError.responseTimeout(endpoint: endpoint, seconds: responseTimeout.seconds))
            } else {
                armTimer(context)
            }
        }
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// One event loop as a Swift executor: the client actor's serial executor, and a task executor
/// for its callers. With `withTaskExecutorPreference(client.taskExecutor)`, a caller shares the
/// client's thread, and a request costs no thread switch.
public final class EventLoopTaskExecutor: SerialExecutor, TaskExecutor, Sendable {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor()) }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func checkIsolated() {
        eventLoop.preconditionInEventLoop()
    }
}
