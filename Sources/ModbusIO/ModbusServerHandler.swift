import Modbus
import NIOCore
import NIOPosix

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
