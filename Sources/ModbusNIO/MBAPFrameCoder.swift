import Modbus
import NIOCore

/// Cuts a TCP byte stream into Modbus frames, for clients and servers alike.
struct MBAPFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = MBAPFrame

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard buffer.readableBytes >= MBAPFrame.headerSize,
              let length = buffer.getInteger(at: buffer.readerIndex + 4, as: UInt16.self) else { return .needMoreData }
        guard buffer.readableBytes >= MBAPFrame.headerSize - 1 + Int(length) || Int(length) < 2 || Int(length) > MBAPFrame.maximumPDUSize + 1 else {
            return .needMoreData
        }
        // Validation and slicing live in the platform-neutral core; it reads one frame at a time.
        var bytes = Array(buffer.readableBytesView.prefix(MBAPFrame.headerSize - 1 + Int(length)))
        guard let frame = try MBAPFrame.read(from: &bytes) else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: MBAPFrame.headerSize + frame.pdu.count)
        context.fireChannelRead(wrapInboundOut(frame))
        return .continue
    }
}

/// Writes frames as bytes.
final class MBAPFrameEncoder: ChannelOutboundHandler {
    typealias OutboundIn = MBAPFrame
    typealias OutboundOut = ByteBuffer

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let frame = unwrapOutboundIn(data)
        context.write(wrapOutboundOut(context.channel.allocator.buffer(bytes: frame.bytes)), promise: promise)
    }
}
