import Modbus
import NIOCore
import NIOPosix

/// A Modbus TCP server answering from a `ModbusRegisterBank`: the simulated device of
/// `listor serve` and `listor modbus simulate`. Listens on 127.0.0.1 unless told otherwise.
public final class ModbusTCPServer: Sendable {
    private let channel: any Channel
    /// The port it listens on (the one the system chose when asked for 0).
    public let port: Int

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    public static func start(host: String = "127.0.0.1", port: Int, bank: ModbusRegisterBank,
                             group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> ModbusTCPServer {
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        ByteToMessageHandler(MBAPFrameDecoder()), MBAPFrameEncoder(), ModbusServerHandler(bank: bank),
                    ])
                }
            }
            .bind(host: host, port: port).get()
        return ModbusTCPServer(channel: channel, port: channel.localAddress?.port ?? port)
    }

    public func close() async throws {
        try await channel.close()
    }
}
