import CZlib
import NIOCore

/// gzip through the system's zlib, a piece at a time, for bodies whose length is not known
/// before they are sent (a list streamed in batches). One stream compresses one body; it is
/// not shared between tasks.
final class GzipStream {
    /// zlib's state points back at its `z_stream`, which therefore never moves.
    private let stream: UnsafeMutablePointer<z_stream>
    private var isOpen: Bool

    /// Nil if zlib cannot start.
    init?(level: Int32 = 6) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 bits of window, plus 16: a gzip header and trailer rather than zlib's.
        isOpen = deflateInit2_(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        guard isOpen else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        guard isOpen else { return }
        deflateEnd(stream)
        stream.deallocate()
    }

    /// What `input` compresses to so far: often nothing, as zlib keeps a window before it emits.
    func compress(_ input: ByteBuffer) throws -> ByteBuffer {
        try run(input, flush: Z_NO_FLUSH)
    }

    /// The rest, with gzip's trailer; the stream is done after.
    func finish() throws -> ByteBuffer {
        try run(ByteBuffer(), flush: Z_FINISH)
    }

    private func run(_ input: ByteBuffer, flush: Int32) throws -> ByteBuffer {
        var output = ByteBuffer()
        try input.withUnsafeReadableBytes { source in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
            stream.pointee.avail_in = uInt(source.count)
            while true {
                var status: Int32 = Z_OK
                let produced = output.writeWithUnsafeMutableBytes(minimumWritableBytes: 16 << 10) { target in
                    stream.pointee.next_out = target.bindMemory(to: Bytef.self).baseAddress
                    stream.pointee.avail_out = uInt(target.count)
                    status = deflate(stream, flush)
                    return target.count - Int(stream.pointee.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw GzipStreamError(status: status) }
                if status == Z_STREAM_END { return }
                // With room left over, deflate has taken all the input (zlib's usage notes).
                if flush == Z_NO_FLUSH, stream.pointee.avail_out != 0 || status == Z_BUF_ERROR { return }
                // Finishing with room and no progress would go round for ever.
                if status == Z_BUF_ERROR, produced == 0 { throw GzipStreamError(status: status) }
            }
        }
        stream.pointee.next_in = nil
        return output
    }
}

/// zlib refused to go on, with its status.
struct GzipStreamError: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "zlib failed to compress (status \(status))" }
}
