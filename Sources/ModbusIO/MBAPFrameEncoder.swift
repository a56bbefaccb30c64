import Modbus
import NIOCore

/// Writes frames as bytes.
final class MBAPFrameEncoder: ChannelOutboundHandler {
    typealias OutboundIn = MBAPFrame
    typealias OutboundOut = ByteBuffer

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = unwrapOutboundIn(data)
        context.write(wrapOutboundOut(context.channel.allocator.buffer(bytes: frame.bytes)), promise: promise)
    }
}
