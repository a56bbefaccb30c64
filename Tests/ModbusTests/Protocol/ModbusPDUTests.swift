import Testing
@testable import Modbus

/// Requests and responses against the examples of the Modbus Application Protocol
/// specification (V1.1b3, section 6), byte for byte.
@Suite struct ModbusPDUTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let request: ModbusRequest
        let requestBytes: [UInt8]
        let response: ModbusResponse
        let responseBytes: [UInt8]
        var testDescription: String { request.function.name }
    }

    static let examples = [
        Example(request: .readCoils(address: 19, count: 19), requestBytes: [0x01, 0x00, 0x13, 0x00, 0x13],
                response: .bits([true, false, true, true, false, false, true, true,
                                 true, true, false, true, false, true, true, false,
                                 true, false, true]),
                responseBytes: [0x01, 0x03, 0xCD, 0x6B, 0x05]),
        Example(request: .readDiscreteInputs(address: 196, count: 22), requestBytes: [0x02, 0x00, 0xC4, 0x00, 0x16],
                response: .bits([false, false, true, true, false, true, false, true,
                                 true, true, false, true, true, false, true, true,
                                 true, false, true, false, true, true]),
                responseBytes: [0x02, 0x03, 0xAC, 0xDB, 0x35]),
        Example(request: .readHoldingRegisters(address: 107, count: 3), requestBytes: [0x03, 0x00, 0x6B, 0x00, 0x03],
                response: .registers([0x022B, 0x0000, 0x0064]), responseBytes: [0x03, 0x06, 0x02, 0x2B, 0x00, 0x00, 0x00, 0x64]),
        Example(request: .readInputRegisters(address: 8, count: 1), requestBytes: [0x04, 0x00, 0x08, 0x00, 0x01],
                response: .registers([0x000A]), responseBytes: [0x04, 0x02, 0x00, 0x0A]),
        Example(request: .writeSingleCoil(address: 172, value: true), requestBytes: [0x05, 0x00, 0xAC, 0xFF, 0x00],
                response: .wroteSingleCoil(address: 172, value: true), responseBytes: [0x05, 0x00, 0xAC, 0xFF, 0x00]),
        Example(request: .writeSingleRegister(address: 1, value: 3), requestBytes: [0x06, 0x00, 0x01, 0x00, 0x03],
                response: .wroteSingleRegister(address: 1, value: 3), responseBytes: [0x06, 0x00, 0x01, 0x00, 0x03]),
        Example(request: .writeMultipleCoils(address: 19, values: [true, false, true, true, false, false, true, true, true, false]),
                requestBytes: [0x0F, 0x00, 0x13, 0x00, 0x0A, 0x02, 0xCD, 0x01],
                response: .wroteMultiple(address: 19, count: 10), responseBytes: [0x0F, 0x00, 0x13, 0x00, 0x0A]),
        Example(request: .writeMultipleRegisters(address: 1, values: [0x000A, 0x0102]),
                requestBytes: [0x10, 0x00, 0x01, 0x00, 0x02, 0x04, 0x00, 0x0A, 0x01, 0x02],
                response: .wroteMultiple(address: 1, count: 2), responseBytes: [0x10, 0x00, 0x01, 0x00, 0x02]),
    ]

    @Test(arguments: examples)
    func everyFunctionCodeMatchesTheSpecification(_ example: Example) throws {
        try example.request.validate()
        #expect(example.request.pdu == example.requestBytes)
        #expect(try ModbusRequest(pdu: example.requestBytes) == example.request)
        #expect(example.response.pdu(answering: example.request) == example.responseBytes)
        #expect(try ModbusResponse(pdu: example.responseBytes, answering: example.request) == example.response)
    }

    @Test(arguments: ModbusExceptionCode.allCases)
    func exceptionResponsesAreNamedErrors(_ code: ModbusExceptionCode) {
        let request = ModbusRequest.readInputRegisters(address: 8, count: 1)
        #expect(throws: ModbusError.exception(code, function: .readInputRegisters)) {
            try ModbusResponse(pdu: ModbusResponse.exceptionPDU(code, function: 0x04), answering: request)
        }
    }

    @Test func exceptionsReadAsMbpollWritesThem() {
        #expect(ModbusError.exception(.illegalDataAddress, function: .readHoldingRegisters).description
            == "exception 02 (illegal data address) for read holding registers (03)")
        #expect(ModbusError.unknownException(code: 0x2A, function: .writeSingleCoil).description
            == "exception 2A (not defined by Modbus) for write single coil (05)")
    }

    @Test func limitsAreCheckedBeforeSending() {
        #expect(throws: ModbusError.invalidRequest("read holding registers (03) takes 1 to 125 registers, not 126")) {
            try ModbusRequest.readHoldingRegisters(address: 0, count: 126).validate()
        }
        #expect(throws: ModbusError.invalidRequest("read coils (01) takes 1 to 2000 bits, not 2001")) {
            try ModbusRequest.readCoils(address: 0, count: 2001).validate()
        }
        #expect(throws: ModbusError.invalidRequest("write multiple registers (16) takes 1 to 123 registers, not 124")) {
            try ModbusRequest.writeMultipleRegisters(address: 0, values: Array(repeating: 0, count: 124)).validate()
        }
        #expect(throws: ModbusError.invalidRequest("read input registers (04) takes 1 to 125 registers, not 0")) {
            try ModbusRequest.readInputRegisters(address: 0, count: 0).validate()
        }
        #expect(throws: ModbusError.invalidRequest("10 registers from address 65530 run past the last address, 65535")) {
            try ModbusRequest.readHoldingRegisters(address: 65530, count: 10).validate()
        }
        #expect(throws: Never.self) { try ModbusRequest.readHoldingRegisters(address: 65410, count: 125).validate() }
    }

    @Test func truncatedAndMismatchedResponsesAreErrorsNotCrashes() {
        let request = ModbusRequest.readHoldingRegisters(address: 107, count: 3)
        #expect(throws: ModbusError.malformed("truncated: no function code after 0 bytes")) {
            try ModbusResponse(pdu: [], answering: request)
        }
        #expect(throws: ModbusError.malformed("truncated: no register after 6 bytes")) {
            try ModbusResponse(pdu: [0x03, 0x06, 0x02, 0x2B, 0x00, 0x00, 0x00], answering: request)
        }
        #expect(throws: ModbusError.mismatchedResponse("4 bytes of registers for 3 registers (expected 6)")) {
            try ModbusResponse(pdu: [0x03, 0x04, 0x02, 0x2B, 0x00, 0x00], answering: request)
        }
        #expect(throws: ModbusError.mismatchedResponse("function code 4 answers a request with 3")) {
            try ModbusResponse(pdu: [0x04, 0x02, 0x00, 0x0A], answering: request)
        }
        #expect(throws: ModbusError.malformed("1 bytes after the end of the PDU")) {
            try ModbusResponse(pdu: [0x06, 0x00, 0x01, 0x00, 0x03, 0x00], answering: .writeSingleRegister(address: 1, value: 3))
        }
        #expect(throws: ModbusError.mismatchedResponse("the echo is address 1, value 4")) {
            try ModbusResponse(pdu: [0x06, 0x00, 0x01, 0x00, 0x04], answering: .writeSingleRegister(address: 1, value: 3))
        }
    }

    @Test func aServerAnswersBadRequestsWithTheExceptionsTheSpecificationNames() {
        #expect(throws: ModbusError.exception(.illegalFunction, function: .readHoldingRegisters)) { try ModbusRequest(pdu: [0x2B, 0x0E, 0x01, 0x00]) }
        #expect(throws: ModbusError.exception(.illegalDataValue, function: .readHoldingRegisters)) { try ModbusRequest(pdu: [0x03, 0x00, 0x00, 0x00, 0x7E]) }
        #expect(throws: ModbusError.exception(.illegalDataValue, function: .writeSingleCoil)) { try ModbusRequest(pdu: [0x05, 0x00, 0x01, 0x12, 0x34]) }
        #expect(throws: ModbusError.exception(.illegalDataValue, function: .writeMultipleRegisters)) {
            try ModbusRequest(pdu: [0x10, 0x00, 0x01, 0x00, 0x02, 0x03, 0x00, 0x0A, 0x01])
        }
    }
}

@Suite struct MBAPFrameTests {
    @Test func framesCarryTransactionUnitAndLength() throws {
        let frame = MBAPFrame(transactionID: 0x1501, unitID: 0x11, pdu: [0x03, 0x00, 0x6B, 0x00, 0x03])
        #expect(frame.bytes == [0x15, 0x01, 0x00, 0x00, 0x00, 0x06, 0x11, 0x03, 0x00, 0x6B, 0x00, 0x03])
        var stream = frame.bytes + frame.bytes.prefix(4)
        #expect(try MBAPFrame.read(from: &stream) == frame)
        #expect(stream == Array(frame.bytes.prefix(4)))
        #expect(try MBAPFrame.read(from: &stream) == nil, "half a frame waits for the rest")
        stream += frame.bytes.dropFirst(4)
        #expect(try MBAPFrame.read(from: &stream) == frame)
        #expect(stream.isEmpty)
    }

    @Test func framesNoModbusPeerSendsAreRejected() {
        var otherProtocol: [UInt8] = [0x00, 0x01, 0x00, 0x01, 0x00, 0x06, 0x11, 0x03, 0x00, 0x6B, 0x00, 0x03]
        #expect(throws: ModbusError.malformed("protocol id 1, Modbus is 0")) { try MBAPFrame.read(from: &otherProtocol) }
        var empty: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x11]
        #expect(throws: ModbusError.malformed("length 1 leaves no room for a function code")) { try MBAPFrame.read(from: &empty) }
        var oversized: [UInt8] = [0x00, 0x01, 0x00, 0x00, 0x01, 0x00, 0x11]
        #expect(throws: ModbusError.malformed("length 256 is over the limit of 254")) { try MBAPFrame.read(from: &oversized) }
    }
}
