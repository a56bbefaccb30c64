/// Why a device's address names no link: "\"host:0\" is not HOST[:PORT] with a port from 1 to 65535".
public struct ModbusAddressError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
