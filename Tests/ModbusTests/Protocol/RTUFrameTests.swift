import Testing
@testable import Modbus

/// Modbus RTU framing: the CRC, the length of every frame Listor reads, and the ways a frame
/// on a serial line goes wrong.
@Suite struct RTUFrameTests {
    /// The example of the Modbus over Serial Line specification (6.2.2) and one of mbpoll's.
    @Test func crcMatchesTheSpecification() {
        #expect(CRC16.modbus([0x02, 0x07]) == 0x1241)
        #expect(RTUFrame(unitID: 1, pdu: [0x03, 0x00, 0x00, 0x00, 0x0A]).bytes == [0x01, 0x03, 0x00, 0x00, 0x00, 0x0A, 0xC5, 0xCD])
    }

    /// Every request Listor sends comes back whole, whatever the function, and every response
    /// a device sends to one is found to be as long as it is.
    @Test(arguments: [
        (ModbusRequest.readCoils(address: 0, count: 10), ModbusResponse.bits([true, false, true, true, false, false, true, true, true, false])),
        (.readDiscreteInputs(address: 0, count: 3), .bits([false, true, false])),
        (.readHoldingRegisters(address: 0, count: 2), .registers([63647, 15846])),
        (.readInputRegisters(address: 9, count: 125), .registers(Array(0..<125))),
        (.writeSingleCoil(address: 4, value: true), .wroteSingleCoil(address: 4, value: true)),
        (.writeSingleRegister(address: 4, value: 0xBEEF), .wroteSingleRegister(address: 4, value: 0xBEEF)),
        (.writeMultipleCoils(address: 4, values: [true, false, true]), .wroteMultiple(address: 4, count: 3)),
        (.writeMultipleRegisters(address: 4, values: [1, 2, 3]), .wroteMultiple(address: 4, count: 3)),
    ])
    func everyFunctionCodeFramesBothWays(request: ModbusRequest, response: ModbusResponse) throws {
        let requestFrame = RTUFrame(unitID: 17, pdu: request.pdu).bytes
        let (readRequest, requestSize) = try #require(try RTUFrame.parse(requestFrame + [0x11, 0x03], .request))
        #expect(requestSize == requestFrame.count)
        #expect(try ModbusRequest(pdu: readRequest.pdu) == request)

        let responseFrame = RTUFrame(unitID: 17, pdu: response.pdu(answering: request)).bytes
        let (readResponse, responseSize) = try #require(try RTUFrame.parse(responseFrame, .response))
        #expect(responseSize == responseFrame.count)
        #expect(readResponse.unitID == 17)
        #expect(try ModbusResponse(pdu: readResponse.pdu, answering: request) == response)

        // A frame split across reads is complete only with its last byte.
        for cut in 0..<responseFrame.count {
            #expect(try RTUFrame.parse(responseFrame.prefix(cut), .response) == nil, "\(cut) of \(responseFrame.count) bytes")
        }
    }

    @Test func exceptionResponsesAreFiveBytes() throws {
        let frame = RTUFrame(unitID: 1, pdu: ModbusResponse.exceptionPDU(.illegalDataAddress, function: 3)).bytes
        #expect(frame.count == 5)
        let (parsed, _) = try #require(try RTUFrame.parse(frame, .response))
        #expect(throws: ModbusError.exception(.illegalDataAddress, function: .readHoldingRegisters)) {
            try ModbusResponse(pdu: parsed.pdu, answering: .readHoldingRegisters(address: 0, count: 1))
        }
    }

    @Test func noiseAndUnknownFramesAreErrorsNotCrashes() {
        var frame = RTUFrame(unitID: 1, pdu: ModbusResponse.registers([1, 2]).pdu(answering: .readHoldingRegisters(address: 0, count: 2))).bytes
        frame[4] ^= 0x40
        #expect(throws: ModbusError.crcMismatch(received: UInt16(frame[7]) | UInt16(frame[8]) << 8, computed: CRC16.modbus(frame[..<7]))) {
            try RTUFrame.parse(frame, .response)
        }
        #expect(throws: ModbusError.malformed("function code 43 at byte 2 of an RTU frame is not one Listor speaks")) {
            try RTUFrame.parse([0x01, 0x2B, 0x0E, 0x01], .response)
        }
        #expect(throws: ModbusError.malformed("an RTU frame of 260 bytes is over the limit of 256")) {
            try RTUFrame.parse([0x01, 0x03, 0xFF], .response)
        }
        #expect(ModbusError.crcMismatch(received: 0x0F3A, computed: 0xBEEF).description == "CRC error: the frame carries 0x0F3A, its bytes give 0xBEEF")
    }

    /// 9600 baud 8N1 is ten bits a character: 1.5 characters are 1.5625 ms, 3.5 are 3.6458 ms;
    /// above 19200 baud the specification fixes them.
    @Test func silencesComeFromTheBaudRate() throws {
        let slow = SerialLine(path: "/dev/ttyUSB0", baudRate: 9600, parity: .none)
        #expect(slow.bitsPerCharacter == 10)
        #expect(slow.characterGap == .nanoseconds(1_562_500))
        #expect(slow.frameGap == .nanoseconds(3_645_833))
        #expect(SerialLine(path: "/dev/ttyUSB0", baudRate: 19200).bitsPerCharacter == 11, "8E1")
        let fast = SerialLine(path: "/dev/ttyUSB0", baudRate: 115200)
        #expect(fast.characterGap == .microseconds(750))
        #expect(fast.frameGap == .microseconds(1750))
        #expect(slow.description == "/dev/ttyUSB0 9600 8N1")
        #expect(throws: ModbusError.invalidRequest("baud rate 9601 is not one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600")) {
            try SerialLine(path: "/dev/ttyUSB0", baudRate: 9601).validate()
        }
        #expect(throws: ModbusError.invalidRequest("data bits must be 7 or 8, not 5")) { try SerialLine(path: "/dev/ttyUSB0", dataBits: 5).validate() }
        #expect(throws: ModbusError.invalidRequest("stop bits must be 1 or 2, not 3")) { try SerialLine(path: "/dev/ttyUSB0", stopBits: 3).validate() }
    }
}
