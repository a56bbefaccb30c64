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
public actor ModbusTCPClient: ModbusTransport {
    public nonisolated let host: String
    public nonisolated let port: Int
    public nonisolated let unitID: UInt8
    public nonisolated let configuration: ModbusClientConfiguration
    private let group: any EventLoopGroup

    private var channel: (any Channel)?
    private var transactionID: UInt16 = 0
    private var failedConnects = 0
    private var retryAt: ContinuousClock.Instant?
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public nonisolated var endpoint: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public init(host: String, port: Int = 502, unitID: UInt8 = 1, configuration: ModbusClientConfiguration = .init(),
                group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.host = host
        self.port = port
        self.unitID = unitID
        self.configuration = configuration
        self.group = group
    }

    /// Sends `request` and waits for its response. Throws `ModbusError`: the request's limits
    /// before anything is sent, the device's exception, or what went wrong on the way.
    public func send(_ request: ModbusRequest) async throws -> ModbusResponse {
        try request.validate()
        await takeTurn()
        defer { passTurn() }
        try Task.checkCancellation()
        let channel = try await connectedChannel()
        transactionID &+= 1
        let frame = MBAPFrame(transactionID: transactionID, unitID: unitID, pdu: request.pdu)
        let promise = channel.eventLoop.makePromise(of: MBAPFrame.self)
        let timeout = configuration.responseTimeout
        let endpoint = endpoint
        channel.eventLoop.execute {
            let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                promise.fail(ModbusError.responseTimeout(endpoint: endpoint, seconds: timeout.seconds))
            }
            promise.futureResult.whenComplete { _ in timer.cancel() }
        }
        channel.writeAndFlush(ModbusClientHandler.Request(frame: frame, promise: promise), promise: nil)
        let reply: MBAPFrame
        do {
            reply = try await promise.futureResult.get()
        } catch {
            // After a timeout a late answer could be taken for the next request's: start afresh.
            drop(channel)
            throw error
        }
        guard reply.unitID == unitID else {
            throw ModbusError.mismatchedResponse("unit \(reply.unitID) answered a request to unit \(unitID)")
        }
        return try ModbusResponse(pdu: reply.pdu, answering: request)
    }

    /// Closes the connection; the next request opens a new one.
    public func close() async {
        if let channel {
            self.channel = nil
            try? await channel.close()
        }
    }

    // MARK: Connection

    private func connectedChannel() async throws -> any Channel {
        if let channel, channel.isActive { return channel }
        channel = nil
        if let retryAt, ContinuousClock.now < retryAt {
            try await Task.sleep(until: retryAt, clock: .continuous)
        }
        do {
            let channel = try await connect()
            failedConnects = 0
            retryAt = nil
            self.channel = channel
            return channel
        } catch {
            failedConnects += 1
            let backoff = min(configuration.initialBackoff * (1 << min(failedConnects - 1, 16)), configuration.maximumBackoff)
            retryAt = ContinuousClock.now + backoff
            throw error
        }
    }

    private func connect() async throws -> any Channel {
        let endpoint = endpoint
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        ByteToMessageHandler(MBAPFrameDecoder()), MBAPFrameEncoder(), ModbusClientHandler(endpoint: endpoint),
                    ])
                }
            }
        do {
            return try await bootstrap.connect(host: host, port: port).get()
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

    private func drop(_ channel: any Channel) {
        if self.channel === channel { self.channel = nil }
        channel.close(promise: nil)
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

/// Matches responses to the request in flight by transaction id; fails it when the
/// connection closes or breaks.
final class ModbusClientHandler: ChannelDuplexHandler {
    typealias InboundIn = MBAPFrame
    typealias OutboundIn = Request
    typealias OutboundOut = MBAPFrame

    struct Request {
        let frame: MBAPFrame
        let promise: EventLoopPromise<MBAPFrame>
    }

    private let endpoint: String
    private var pending: Request?

    init(endpoint: String) {
        self.endpoint = endpoint
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The client sends one request at a time and drops the connection after a timeout, so
        // a request still pending here has already been failed by its timer.
        let request = unwrapOutboundIn(data)
        pending = request
        context.write(wrapOutboundOut(request.frame), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        // A frame for another transaction is a late answer to a request that timed out.
        guard let pending, pending.frame.transactionID == frame.transactionID else { return }
        self.pending = nil
        pending.promise.succeed(frame)
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending?.promise.fail(ModbusError.disconnected(endpoint: endpoint))
        pending = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        pending?.promise.fail(error as? ModbusError ?? ModbusError.disconnected(endpoint: endpoint))
        pending = nil
        context.close(promise: nil)
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
