/// A serial line's settings: the port, and how characters go over it. Modbus RTU's default is
/// 19200 baud, 8 data bits, even parity, one stop bit (8E1), as mbpoll's is.
public struct SerialLine: Sendable, Hashable, CustomStringConvertible {
    public enum Parity: String, Sendable, CaseIterable {
        case none, even, odd

        var letter: String { String(rawValue.prefix(1)).uppercased() }
    }

    /// The baud rates termios can set.
    public static let baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600]

    public var path: String
    public var baudRate: Int
    public var dataBits: Int
    public var parity: Parity
    public var stopBits: Int

    public init(path: String, baudRate: Int = 19200, dataBits: Int = 8, parity: Parity = .even, stopBits: Int = 1) {
        self.path = path
        self.baudRate = baudRate
        self.dataBits = dataBits
        self.parity = parity
        self.stopBits = stopBits
    }

    /// Checks every setting, naming the first one that is wrong.
    public func validate() throws(ModbusError) {
        guard !path.isEmpty else { throw .invalidRequest("the serial port is empty") }
        guard Self.baudRates.contains(baudRate) else {
            throw .invalidRequest("baud rate \(baudRate) is not one of \(Self.baudRates.map(String.init).joined(separator: ", "))")
        }
        guard dataBits == 7 || dataBits == 8 else { throw .invalidRequest("data bits must be 7 or 8, not \(dataBits)") }
        guard stopBits == 1 || stopBits == 2 else { throw .invalidRequest("stop bits must be 1 or 2, not \(stopBits)") }
    }

    /// "/dev/ttyUSB0 9600 8N1".
    public var description: String { "\(path) \(baudRate) \(dataBits)\(parity.letter)\(stopBits)" }

    /// The bits one character takes on the line: a start bit, the data, parity and stop bits.
    public var bitsPerCharacter: Int { 1 + dataBits + (parity == .none ? 0 : 1) + stopBits }

    /// The silences Modbus RTU frames by (Modbus over Serial Line 1.02, 2.5.1.1): no more than
    /// 1.5 characters between the characters of a frame, at least 3.5 between frames. Above
    /// 19200 baud the specification fixes them at 750 µs and 1.75 ms.
    public var characterGap: Duration {
        baudRate > 19200 ? .microseconds(750) : .nanoseconds(Int64(1.5 * Double(bitsPerCharacter) / Double(baudRate) * 1e9))
    }

    public var frameGap: Duration {
        baudRate > 19200 ? .microseconds(1750) : .nanoseconds(Int64(3.5 * Double(bitsPerCharacter) / Double(baudRate) * 1e9))
    }
}
