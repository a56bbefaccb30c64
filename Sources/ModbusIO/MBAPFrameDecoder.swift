import Modbus
import NIOCore

/// Cuts a TCP byte stream into Modbus frames, for clients and servers alike.
struct MBAPFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = MBAPFrame

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let frame = try Self.nextFrame(from: &buffer) else { return .needMoreData }
        context.fireChannelRead(wrapInboundOut(frame))
        return .continue
    }

    /// The first whole frame in `buffer`, consumed; nil while more bytes are needed. Throws for
    /// a frame that cannot be one (a length over the limit, a protocol id other than 0).
    static func nextFrame(from buffer: inout ByteBuffer) throws(ModbusError) -> MBAPFrame? {
        // Validation lives in the platform-neutral core; it reads straight from the buffer.
        guard let (frame, size) = try MBAPFrame.parse(buffer.readableBytesView) else { return nil }
        buffer.moveReaderIndex(forwardBy: size)
        return frame
    }
}
