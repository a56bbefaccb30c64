import Modbus

enum ModbusTargets {
    /// The MBAP frame parser: a frame it reads writes back as the same bytes.
    static let frame = FuzzTarget(name: "modbus-frame", summary: "the Modbus TCP (MBAP) frame parser; a parsed frame writes back as the bytes it came from") { bytes in
        guard let parsed = try? MBAPFrame.parse(bytes) else { return }
        require(parsed.frame.bytes == Array(bytes.prefix(parsed.size)), "the frame does not write back as it was read")
        var buffer = bytes
        let read = try? MBAPFrame.read(from: &buffer)
        require(read == parsed.frame && buffer.count == bytes.count - parsed.size, "read(from:) and parse disagree")
    }

    /// The request and response PDU parsers: what parses encodes to a PDU that parses the same.
    static let pdu = FuzzTarget(name: "modbus-pdu", summary: "Modbus request and response PDUs; a parsed PDU encodes to one that parses the same") { bytes in
        if let request = try? ModbusRequest(pdu: bytes) {
            require((try? ModbusRequest(pdu: request.pdu)) == request, "a request does not survive encoding: \(bytes)")
        }
        // The first byte picks the request a response answers.
        guard let first = bytes.first else { return }
        let count = Int(first >> 2) + 1
        let requests: [ModbusRequest] = [.readHoldingRegisters(address: 0, count: count), .readCoils(address: 0, count: count * 8 + 3),
                                         .writeSingleRegister(address: 7, value: 0x1234), .writeMultipleRegisters(address: 1, values: Array(repeating: 0, count: count))]
        let request = requests[Int(first & 3)]
        guard let response = try? ModbusResponse(pdu: bytes.dropFirst(), answering: request) else { return }
        let encoded = response.pdu(answering: request)
        require((try? ModbusResponse(pdu: encoded, answering: request)) == response, "a response does not survive encoding: \(bytes)")
    }

    /// Register maps from JSON: any input is a map and its problems, or a refusal, never a crash.
    static let registerMap = FuzzTarget(name: "register-map", summary: "register maps (JSON); a map decodes or is refused with a reason") { bytes in
        guard let (map, _) = try? RegisterMap.decode(bytes) else { return }
        require(map.variables.allSatisfy { !$0.name.isEmpty }, "a variable without a name")
    }
}
