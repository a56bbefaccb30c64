#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Modbus

/// Opens a TCP connection for a Modbus link: every address the name resolves to in turn, each
/// within the connect timeout, with Nagle's algorithm off, as libmodbus connects.
enum TCPSocket {
    /// The connected descriptor (non-blocking), which the caller owns.
    static func connect(host: String, port: Int, endpoint: String, timeout: Duration) throws(ModbusError) -> CInt {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var addresses: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &addresses)
        guard status == 0, let first = addresses else {
            throw .connectFailed(endpoint: endpoint, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var failure = ModbusError.connectFailed(endpoint: endpoint, reason: "no address")
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                failure = .connectFailed(endpoint: endpoint, reason: SerialPort.reason(errno))
                continue
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var on: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            if SerialPort.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            guard errno == EINPROGRESS else {
                failure = .connectFailed(endpoint: endpoint, reason: SerialPort.reason(errno))
                _ = SerialPort.close(descriptor)
                continue
            }
            var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let milliseconds = Int32(min(timeout.nanoseconds / 1_000_000, UInt64(Int32.max)))
            var ready: Int32
            repeat { ready = poll(&request, 1, milliseconds) } while ready < 0 && errno == EINTR
            guard ready > 0 else {
                failure = .connectTimeout(endpoint: endpoint, seconds: timeout.seconds)
                _ = SerialPort.close(descriptor)
                continue
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return descriptor }
            failure = .connectFailed(endpoint: endpoint, reason: SerialPort.reason(error))
            _ = SerialPort.close(descriptor)
        }
        throw failure
    }
}
