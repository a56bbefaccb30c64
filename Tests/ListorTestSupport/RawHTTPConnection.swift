import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a loopback server, written to and read from byte by byte: for the requests
/// an HTTP client library will not send (a forged `Host`, a header that never ends) and for
/// clients that never read. Reads block a thread, bounded by `readLimit` so that a server that
/// never answers fails the test instead of hanging it.
public final class RawHTTPConnection: @unchecked Sendable {
    private let socket: Int32
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// A parsed response.
    public struct Response: Sendable {
        public let status: Int
        /// Header names lower-cased.
        public let headers: [String: String]
        public let body: String
    }

    /// Connects to 127.0.0.1:`port` from `source` (any 127.x.y.z address, so that one test can
    /// be several clients); `receiveBuffer` makes the socket's receive buffer small (for a
    /// client that never reads).
    public init(port: Int, from source: String? = nil, receiveBuffer: Int32? = nil, readLimit: Duration = .seconds(20)) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket(): \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer { setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(socket)
                throw Failure(description: "bind(\(source)): \(String(cString: strerror(errno)))")
            }
        }
        var timeout = timeval(tv_sec: Int(readLimit.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            throw Failure(description: "connect(): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(socket) }

    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send(): \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Everything the server sends until it closes the connection. The blocking reads run on a
    /// thread of their own: on Swift's cooperative pool they would starve the server under test.
    public func readToEnd() async throws -> String {
        let socket = socket
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                var data: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = recv(socket, &buffer, buffer.count, 0)
                    if count == 0 || (count < 0 && errno == ECONNRESET) { break }
                    if count < 0 {
                        continuation.resume(throwing: Failure(description: "the server neither answered nor closed the connection in time (\(String(cString: strerror(errno))))"))
                        return
                    }
                    data += buffer[..<count]
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
            thread.start()
        }
    }

    /// What the server sends until `marker` has arrived (or the connection ends), read on a
    /// thread of its own; the rest stays unread.
    public func read(through marker: String) async throws -> String {
        let socket = socket
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                var data: [UInt8] = []
                var byte: UInt8 = 0
                while !String(decoding: data, as: UTF8.self).hasSuffix(marker) {
                    let count = recv(socket, &byte, 1, 0)
                    if count == 0 { break }
                    if count < 0 {
                        continuation.resume(throwing: Failure(description: "nothing more arrived in time (\(String(cString: strerror(errno))))"))
                        return
                    }
                    data.append(byte)
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }.start()
        }
    }

    /// Closes the connection now.
    public func shutDown() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Sends `request` and reads one response to a request carrying `Connection: close`.
    public func exchange(_ request: String) async throws -> Response {
        try send(request)
        return try Self.parse(try await readToEnd())
    }

    public static func parse(_ text: String) throws -> Response {
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure(description: "no complete response: \(text.prefix(200))") }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "no status line: \(text.prefix(200))") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// One request on a new connection: `method path`, the headers given, `Host` unless given, and the body.
    public static func request(port: Int, _ method: String, _ path: String, headers: [(String, String)] = [], body: String = "") async throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.utf8.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        return try await RawHTTPConnection(port: port).exchange(head + body)
    }
}
