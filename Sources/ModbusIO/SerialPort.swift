#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Modbus

/// Opens a serial port for Modbus RTU: raw mode (no echo, no line editing, no translation of
/// bytes), the line's baud rate, data bits, parity and stop bits through termios, the modem's
/// control lines ignored, and reads that never block, for SwiftNIO to poll.
enum SerialPort {
    /// The open descriptor, which the caller owns. Throws `.connectFailed` naming the port and
    /// the system's reason, or the setting it refused.
    static func open(_ line: SerialLine) throws(ModbusError) -> CInt {
        try line.validate()
        #if canImport(Glibc)
        let descriptor = Glibc.open(line.path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        #else
        let descriptor = Darwin.open(line.path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        #endif
        guard descriptor >= 0 else { throw failure(line, errno) }
        do {
            try configure(descriptor, line)
            return descriptor
        } catch {
            _ = close(descriptor)
            throw error
        }
    }

    /// write(2), under a name that no method hides.
    static func write(_ descriptor: CInt, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// connect(2), under a name that no function hides.
    static func connect(_ descriptor: CInt, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> CInt {
        #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
        #else
        Darwin.connect(descriptor, address, length)
        #endif
    }

    /// Closes a descriptor.
    static func close(_ descriptor: CInt) -> CInt {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
    }

    private static func configure(_ descriptor: CInt, _ line: SerialLine) throws(ModbusError) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            let code = errno
            throw ModbusError.connectFailed(endpoint: line.path, reason: code == ENOTTY ? "not a serial port" : reason(code))
        }
        cfmakeraw(&settings)
        settings.c_cflag &= ~(tcflag_t(CSIZE) | tcflag_t(PARENB) | tcflag_t(PARODD) | tcflag_t(CSTOPB) | tcflag_t(CRTSCTS))
        settings.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD) | tcflag_t(line.dataBits == 7 ? CS7 : CS8)
        switch line.parity {
        case .none: break
        case .even: settings.c_cflag |= tcflag_t(PARENB)
        case .odd: settings.c_cflag |= tcflag_t(PARENB) | tcflag_t(PARODD)
        }
        if line.stopBits == 2 { settings.c_cflag |= tcflag_t(CSTOPB) }
        settings.c_iflag &= ~(tcflag_t(IXON) | tcflag_t(IXOFF) | tcflag_t(IXANY))
        // Reads return what is there at once; SwiftNIO waits for the port to be readable.
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        let speed = baudConstant(line.baudRate)
        guard cfsetispeed(&settings, speed) == 0, cfsetospeed(&settings, speed) == 0 else {
            throw ModbusError.connectFailed(endpoint: line.path, reason: "the port does not take \(line.baudRate) baud")
        }
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
            throw ModbusError.connectFailed(endpoint: line.path, reason: "cannot set \(line): \(reason(errno))")
        }
        // Whatever arrived before the port was ours is not an answer to anything sent.
        tcflush(descriptor, TCIOFLUSH)
    }

    private static func baudConstant(_ rate: Int) -> speed_t {
        switch rate {
        case 1200: speed_t(B1200)
        case 2400: speed_t(B2400)
        case 4800: speed_t(B4800)
        case 9600: speed_t(B9600)
        case 19200: speed_t(B19200)
        case 38400: speed_t(B38400)
        case 57600: speed_t(B57600)
        case 115200: speed_t(B115200)
        case 230400: speed_t(B230400)
        case 460800: speed_t(B460800)
        default: speed_t(B921600)
        }
    }

    private static func failure(_ line: SerialLine, _ code: CInt) -> ModbusError {
        .connectFailed(endpoint: line.path, reason: reason(code))
    }

    static func reason(_ code: CInt) -> String {
        String(cString: strerror(code))
    }
}
