import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import ListorKit

/// Compresses text responses (HTML, JSON, CSS, JavaScript, SVG, CSV) with gzip when the client
/// accepts it, as nginx's gzip module does: bodies of known length between `minimumSize` and
/// `maximumSize`, only when it makes them smaller; bodies streamed without a length as they go,
/// except event streams, which are left alone; with `Vary: Accept-Encoding`, and a strong ETag made weak, since the bytes
/// differ from the uncompressed ones (`ConditionalGetMiddleware`, around it, compares tags weakly).
struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    var minimumSize = 1024
    var maximumSize = 8 << 20

    static func isCompressible(_ contentType: String?) -> Bool {
        guard let type = contentType.flatMap(MediaType.init(from:)) else { return false }
        switch type.type {
        case .text: return true
        case .application: return ["json", "javascript", "problem+json"].contains(type.subType)
        case .image: return type.subType == "svg+xml"
        default: return false
        }
    }

    static func isEventStream(_ contentType: String?) -> Bool {
        contentType.flatMap(MediaType.init(from:)).map { $0.type == .text && $0.subType == "event-stream" } ?? false
    }

    /// Whether `Accept-Encoding` takes gzip (or `*`) with a quality above zero (RFC 9110, section 12.5.3).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Bool?
        var any: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch parts.first {
            case "gzip", "x-gzip": gzip = quality > 0
            case "*": any = quality > 0
            default: break
            }
        }
        return gzip ?? any ?? false
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard Self.isCompressible(response.headers[.contentType]), response.headers[.contentEncoding] == nil else { return response }
        // Caches keep one copy per encoding, whether this one is compressed or not.
        if let vary = response.headers[.vary] {
            if !vary.lowercased().contains("accept-encoding") { response.headers[.vary] = vary + ", Accept-Encoding" }
        } else {
            response.headers[.vary] = "Accept-Encoding"
        }
        guard request.method != .head, Self.acceptsGzip(request.headers[.acceptEncoding]) else { return response }
        guard let length = response.body.contentLength else {
            // A body streamed without a length (a long list) is compressed as it goes; an event
            // stream is left alone, as compression would hold its events back.
            guard !Self.isEventStream(response.headers[.contentType]) else { return response }
            response.headers[.contentEncoding] = "gzip"
            if let etag = response.headers[.eTag], !etag.hasPrefix("W/") { response.headers[.eTag] = "W/" + etag }
            let body = response.body
            response.body = ResponseBody { writer in
                let compressor = CompressionAlgorithm.gzip().compressor
                compressor.window = ByteBuffer()
                compressor.window?.reserveCapacity(16 << 10)
                try compressor.startStream()
                try await body.write(GzippingWriter(base: writer, compressor: compressor))
            }
            return response
        }
        guard (minimumSize...maximumSize).contains(length) else { return response }
        let collector = BodyCollector()
        try await response.body.write(collector)
        var input = collector.buffer
        guard let compressed = try? input.compress(with: .gzip()), compressed.readableBytes < length else {
            response.body = ResponseBody(byteBuffer: collector.buffer)
            return response
        }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = "\(compressed.readableBytes)"
        if let etag = response.headers[.eTag], !etag.hasPrefix("W/") { response.headers[.eTag] = "W/" + etag }
        response.body = ResponseBody(byteBuffer: compressed)
        return response
    }
}

/// Keeps what a response body writes, to compress it whole.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
        for buffer in buffers { try await write(buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Compresses what a streamed body writes before passing it on, and gzip's trailer at the end.
private struct GzippingWriter: ResponseBodyWriter {
    var base: any ResponseBodyWriter
    let compressor: any NIOCompressor

    mutating func write(_ buffer: ByteBuffer) async throws {
        var input = buffer
        var base = self.base
        try await input.compressStream(with: compressor, flush: .no) { try await base.write($0) }
        self.base = base
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        var end = ByteBuffer()
        var base = self.base
        try await end.compressStream(with: compressor, flush: .finish) { try await base.write($0) }
        try compressor.finishStream()
        try await base.finish(trailingHeaders)
    }
}
