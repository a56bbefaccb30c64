#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Modbus

/// One link's connection and its exchanges, on the link's own thread (`LinkThread`), with
/// blocking system calls as libmodbus makes them: write the request, wait for the socket or the
/// port to be readable (`poll`, bounded by the response timeout), read, and cut the frame out.
/// Only that thread touches it. Every device on the line shares it: each batch names its unit.
final class LinkIO: @unchecked Sendable {
    typealias Outcome = Result<ModbusResponse, ModbusError>

    let link: ModbusLink
    let configuration: ModbusClientConfiguration
    private var descriptor: CInt?
    private var received: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1024)
    private var transactionID: UInt16 = 0
    private var failedConnects = 0
    private var retryAt: UInt64 = 0
    /// RTU: when the line has been silent long enough for the next request.
    private var lineFreeAt: UInt64 = 0
    /// RTU: set after an answer that went wrong, whose rest may still come in.
    private var mayHoldNoise = false
    /// Whether the last exchange ended in a response timeout.
    private var lastTimedOut = false

    init(link: ModbusLink, configuration: ModbusClientConfiguration) {
        self.link = link
        self.configuration = configuration
    }

    deinit {
        close()
    }

    /// Sends `requests` to `unit` one after another; after a failure of the link (or a unit that
    /// does not answer) the rest are not sent and fail with it.
    func run(_ requests: [ModbusRequest], unit: UInt8) -> [Outcome] {
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(requests.count)
        for request in requests {
            if case .failure(let failure) = outcomes.last, failure.isLinkFailure {
                outcomes.append(.failure(failure))
                continue
            }
            outcomes.append(exchange(request, unit: unit))
        }
        return outcomes
    }

    /// Closes the link; the next request opens it again.
    func close() {
        if let descriptor {
            _ = SerialPort.close(descriptor)
            self.descriptor = nil
        }
        received.removeAll(keepingCapacity: true)
    }

    // MARK: One request

    private func exchange(_ request: ModbusRequest, unit: UInt8) -> Outcome {
        do { try request.validate() } catch { return .failure(error) }
        let descriptor: CInt
        do { descriptor = try connected() } catch { return .failure(error) }
        let outcome: Outcome
        do {
            outcome = link.isRTU ? try exchangeRTU(request, unit: unit, on: descriptor) : try exchangeMBAP(request, unit: unit, on: descriptor)
        } catch {
            outcome = .failure(error)
        }
        // After a broken link there is nothing to keep: the next request starts afresh. One unit
        // that does not answer says nothing of the line its neighbours answer on (a late answer
        // is told apart by its transaction, or drained as noise on RTU); two timeouts in a row,
        // whichever units, and the connection is opened again.
        let timedOut = if case .failure(.responseTimeout) = outcome { true } else { false }
        if case .failure(let failure) = outcome, failure.isLinkFailure, !timedOut || lastTimedOut { close() }
        lastTimedOut = timedOut
        return outcome
    }

    private func exchangeMBAP(_ request: ModbusRequest, unit: UInt8, on descriptor: CInt) throws(ModbusError) -> Outcome {
        transactionID &+= 1
        var frame: [UInt8] = []
        frame.reserveCapacity(MBAPFrame.headerSize + 5)
        MBAPFrame(transactionID: transactionID, unitID: unit, pdu: request.pdu).write { frame.append(contentsOf: $0) }
        try write(frame, to: descriptor)
        let deadline = Self.now() + configuration.responseTimeout.nanoseconds
        while true {
            let header: (transactionID: UInt16, unitID: UInt8, size: Int)?
            do { header = try MBAPFrame.header(received) } catch {
                close()
                throw error
            }
            if let header, received.count >= header.size {
                defer { received.removeFirst(header.size) }
                // A frame for another transaction is a late answer to a request that timed out.
                guard header.transactionID == transactionID else { continue }
                return answer(request, from: unit, unitID: header.unitID, pdu: received[MBAPFrame.headerSize..<header.size])
            }
            guard try readSome(from: descriptor, until: deadline) else {
                throw .responseTimeout(endpoint: link.endpoint, seconds: configuration.responseTimeout.seconds)
            }
        }
    }

    private func exchangeRTU(_ request: ModbusRequest, unit: UInt8, on descriptor: CInt) throws(ModbusError) -> Outcome {
        // After an answer that went wrong, what is left of it is noise, not this request's answer.
        if mayHoldNoise {
            while try readSome(from: descriptor, until: 0) {}
            mayHoldNoise = false
        }
        received.removeAll(keepingCapacity: true)
        mayHoldNoise = true
        let gaps = rtuGaps
        let now = Self.now()
        if lineFreeAt > now { Self.sleep(nanoseconds: lineFreeAt - now) }
        try write(RTUFrame(unitID: unit, pdu: request.pdu).bytes, to: descriptor)
        lineFreeAt = Self.now() + gaps.frame
        let deadline = Self.now() + configuration.responseTimeout.nanoseconds
        while true {
            if let (frame, size) = try RTUFrame.parse(received, .response) {
                mayHoldNoise = received.count > size
                received.removeAll(keepingCapacity: true)
                lineFreeAt = Self.now() + gaps.frame
                return answer(request, from: unit, unitID: frame.unitID, pdu: frame.pdu)
            }
            // Once a frame has begun, it may pause only so long before it counts as cut short.
            let waitUntil = received.isEmpty ? deadline : min(deadline, Self.now() + gaps.character)
            if try readSome(from: descriptor, until: waitUntil) {
                lineFreeAt = Self.now() + gaps.frame
                continue
            }
            guard received.isEmpty || waitUntil == deadline else {
                let count = received.count
                received.removeAll(keepingCapacity: true)
                throw .malformed("the RTU frame stopped after \(count) bytes")
            }
            throw .responseTimeout(endpoint: link.endpoint, seconds: configuration.responseTimeout.seconds)
        }
    }

    /// The silence before a request and the longest pause inside an answer, in nanoseconds.
    private var rtuGaps: (frame: UInt64, character: UInt64) {
        var line: SerialLine?
        if case .rtu(let serial) = link { line = serial }
        // Over TCP the gateway keeps the line's silences; a pause inside a frame is the TCP's.
        let frame = line.map { configuration.frameGap ?? $0.frameGap } ?? .zero
        let character = max(line?.characterGap ?? .microseconds(750), configuration.minimumCharacterTimeout)
        return (frame.nanoseconds, character.nanoseconds)
    }

    private func answer(_ request: ModbusRequest, from unit: UInt8, unitID: UInt8, pdu: some Collection<UInt8>) -> Outcome {
        guard unitID == unit else {
            return .failure(.mismatchedResponse("unit \(unitID) answered a request to unit \(unit)"))
        }
        return Result { () throws(ModbusError) in try ModbusResponse(pdu: pdu, answering: request) }
    }

    // MARK: System calls

    /// Waits until `descriptor` is readable or `deadline` passes (0: do not wait), then reads
    /// what is there into `received`. False when nothing came in time.
    private func readSome(from descriptor: CInt, until deadline: UInt64) throws(ModbusError) -> Bool {
        while true {
            let now = Self.now()
            let milliseconds = deadline > now ? Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max))) : 0
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw lost(errno)
            }
            if ready == 0 { return false }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
                return true
            }
            if count == 0 { throw lost(nil) }
            switch errno {
            case EINTR, EAGAIN: continue
            default: throw lost(errno)
            }
        }
    }

    private func write(_ bytes: [UInt8], to descriptor: CInt) throws(ModbusError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                link.isSerial
                    ? SerialPort.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    : send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, Int32(configuration.responseTimeout.nanoseconds / 1_000_000))
            default: throw lost(errno)
            }
        }
    }

    private func lost(_ code: CInt?) -> ModbusError {
        switch link {
        case .rtu(let line): .portLost(path: line.path, reason: code.map(SerialPort.reason) ?? "the port closed")
        default: .disconnected(endpoint: link.endpoint)
        }
    }

    // MARK: Connecting

    private func connected() throws(ModbusError) -> CInt {
        if let descriptor { return descriptor }
        let now = Self.now()
        if retryAt > now { Self.sleep(nanoseconds: retryAt - now) }
        do {
            let descriptor = try open()
            self.descriptor = descriptor
            failedConnects = 0
            retryAt = 0
            return descriptor
        } catch {
            failedConnects += 1
            let backoff = min(configuration.initialBackoff * (1 << min(failedConnects - 1, 16)), configuration.maximumBackoff)
            retryAt = Self.now() + backoff.nanoseconds
            throw error
        }
    }

    private func open() throws(ModbusError) -> CInt {
        switch link {
        case .tcp(let host, let port), .rtuOverTCP(let host, let port): try TCPSocket.connect(host: host, port: port, endpoint: link.endpoint,
                                                                                                   timeout: configuration.connectTimeout)
        case .rtu(let line): try SerialPort.open(line)
        }
    }

    // MARK: Time

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func sleep(nanoseconds: UInt64) {
        var time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }
}

extension ModbusLink {
    var isSerial: Bool {
        if case .rtu = self { true } else { false }
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }
}
