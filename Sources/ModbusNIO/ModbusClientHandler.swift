import Modbus
import NIOCore
import NIOPosix

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
