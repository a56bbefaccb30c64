import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Keeps each connection within `ConnectionLimits`: closes one whose headers, body or next
/// request do not arrive in time (a slow or silent client holds nothing for long), closes one
/// whose client stops reading what it is sent (an event stream nobody reads fills its buffers,
/// and then the channel stays unwritable past the write timeout), closes at once a connection
/// beyond its client address's share, and answers the first request of a connection beyond the
/// limit for everyone with 503 and `Retry-After`, then closes it.
///
/// An event stream's socket gets small buffers: the kernel's send buffer grows to megabytes on
/// its own, and a few kilobytes of events a second would take many minutes to fill it, holding
/// the stream's slot all that while for a client that reads nothing.
///
/// It sits in each connection's pipeline after HTTP decoding, so it sees whole request parts.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    /// The connections open now, in all and by client address, shared by every connection's guard.
    private let count: ClientShares
    /// The client's address, once counted.
    private var client: String?
    private var isOverLimit = false
    /// Requests whose head has arrived and whose response has not ended: a pipelined request
    /// can arrive while the one before is still being answered.
    private var inFlight = 0
    private var timer: Scheduled<Void>?
    /// Runs while the channel is unwritable: the client is not taking what it is sent.
    private var stallTimer: Scheduled<Void>?

    init(limits: ConnectionLimits, count: ClientShares) {
        self.limits = limits
        self.count = count
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        stallTimer?.cancel()
        stallTimer = nil
        if !context.channel.isWritable {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            stallTimer = context.eventLoop.scheduleTask(in: TimeAmount(limits.writeTimeout)) {
                loopBound.value.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            if isOverLimit {
                refuse(context)
                return
            }
            inFlight += 1
            arm(context, limits.bodyTimeout)
        case .body:
            if isOverLimit { return }
        case .end:
            if isOverLimit { return }
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.headerFields[.contentType]?.hasPrefix("text/event-stream") == true:
            let channel = context.channel
            channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: 16 << 10).whenFailure { _ in }
            channel.setOption(ChannelOptions.writeBufferWaterMark, value: .init(low: 8 << 10, high: 16 << 10)).whenFailure { _ in }
        case .end:
            inFlight = max(0, inFlight - 1)
            // Idle only once nothing is being read or answered.
            if inFlight == 0 { arm(context, limits.idleTimeout) }
        default:
            break
        }
        context.write(data, promise: promise)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard client == nil else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard case .success(let total) = count.take(for: address) else {
            // Beyond its client's share: closed before it holds anything.
            context.close(promise: nil)
            return
        }
        client = address
        isOverLimit = total > limits.maximumConnections
        arm(context, limits.headerTimeout)
    }

    private func stop() {
        disarm()
        stallTimer?.cancel()
        stallTimer = nil
        if let client {
            self.client = nil
            count.release(for: client)
        }
    }

    /// Closes the connection unless the timer is disarmed within `duration`.
    private func arm(_ context: ChannelHandlerContext, _ duration: Duration) {
        disarm()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: TimeAmount(duration)) {
            loopBound.value.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }

    /// 503, `Retry-After` and `Connection: close`, then the connection closes.
    private func refuse(_ context: ChannelHandlerContext) {
        disarm()
        let message = "This server has too many connections open; try again in \(limits.retryAfter) seconds.\n"
        var head = HTTPResponse(status: .serviceUnavailable)
        head.headerFields[.retryAfter] = "\(limits.retryAfter)"
        head.headerFields[.connection] = "close"
        head.headerFields[.contentType] = "text/plain; charset=utf-8"
        head.headerFields[.contentLength] = "\(message.utf8.count)"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(string: message))), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }
}
