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

/// Answers each request frame from the bank; a malformed stream closes the connection.
final class ModbusServerHandler: ChannelInboundHandler {
    typealias InboundIn = MBAPFrame
    typealias OutboundOut = MBAPFrame

    private let bank: ModbusRegisterBank

    init(bank: ModbusRegisterBank) {
        self.bank = bank
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let function = frame.pdu.first ?? 0
        let pdu: [UInt8]
        do {
            let request = try ModbusRequest(pdu: frame.pdu)
            switch bank.respond(to: request) {
            case .success(let response): pdu = response.pdu(answering: request)
            case .failure(let code): pdu = ModbusResponse.exceptionPDU(code, function: function)
            }
        } catch .exception(let code, _) {
            pdu = ModbusResponse.exceptionPDU(code, function: function)
        } catch {
            pdu = ModbusResponse.exceptionPDU(.illegalDataValue, function: function)
        }
        context.writeAndFlush(wrapOutboundOut(MBAPFrame(transactionID: frame.transactionID, unitID: frame.unitID, pdu: pdu)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
