import CZlib
import NIOCore

/// gzip through the system's zlib: a whole body at once, as the server sends pages and API
/// answers of known length.
enum Gzip {
    /// `input` in gzip's format at `level` (1 fastest to 9 smallest); nil if zlib fails.
    static func compress(_ input: ByteBuffer, level: Int32 = 6) -> ByteBuffer? {
        var stream = z_stream()
        // 15 bits of window, plus 16: a gzip header and trailer rather than zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.readableBytes)))
        var output = ByteBuffer()
        output.reserveCapacity(bound)
        let status = input.withUnsafeReadableBytes { source -> Int32 in
            output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(target.count)
                let status = deflate(&stream, Z_FINISH)
                return status == Z_STREAM_END ? Int(stream.total_out) : 0
            } > 0 ? Z_STREAM_END : Z_STREAM_ERROR
        }
        return status == Z_STREAM_END ? output : nil
    }
}
