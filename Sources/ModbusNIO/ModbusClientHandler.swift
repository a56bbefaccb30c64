import Modbus
import NIOCore
import NIOPosix

/// The client's end of a link: writes each request in the link's framing (MBAP on TCP, RTU on a
/// serial line or over TCP), cuts the bytes that come back into frames, and completes the
/// request in flight with its response. Fails it when its time is up, when an RTU frame stops
/// short, or when the link closes or breaks. Runs on the link's event loop only, and so does
/// everything it calls back: a batch of requests goes from one to the next without leaving it.
final class ModbusClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    typealias Outcome = Result<ModbusResponse, ModbusError>

    /// How requests and responses are framed.
    enum Framing {
        case mbap
        /// RTU: `frameGap` of silence before each request, and a frame that stops for longer
        /// than `characterTimeout` is cut short.
        case rtu(frameGap: TimeAmount, characterTimeout: TimeAmount)
    }

    private struct Pending {
        let request: ModbusRequest
        let transactionID: UInt16
        let deadline: NIODeadline
        /// Called exactly once: by the answer, the timer, or the link's end, whichever comes
        /// first clears `pending`. Nil for a request of the batch, whose outcome goes to `batch`.
        let completion: ((Outcome) -> Void)?
    }

    /// The requests of `run(_:completion:)` still to send and the outcomes so far.
    private struct Batch {
        let requests: [ModbusRequest]
        var outcomes: [Outcome]
        let completion: ([Outcome]) -> Void
    }

    private let endpoint: String
    private let unitID: UInt8
    private let responseTimeout: Duration
    private let framing: Framing
    /// How a link that breaks under a request is reported.
    private let lost: (String?) -> ModbusError
    private var context: ChannelHandlerContext?
    private var received: ByteBuffer?
    private var pending: Pending?
    private var batch: Batch?
    private var transactionID: UInt16 = 0
    /// One timer per link rather than one per request: when it fires it fails the request in
    /// flight if that one's time is up, and otherwise waits for that one's deadline.
    private var timer: Scheduled<Void>?
    /// RTU: when the line has been silent long enough for the next request.
    private var lineFreeAt = NIODeadline.uptimeNanoseconds(0)
    /// RTU: fires when a frame has stopped coming.
    private var characterTimer: Scheduled<Void>?

    init(endpoint: String, unitID: UInt8, responseTimeout: Duration, framing: Framing, lost: @escaping (String?) -> ModbusError) {
        self.endpoint = endpoint
        self.unitID = unitID
        self.responseTimeout = responseTimeout
        self.framing = framing
        self.lost = lost
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        fail(lost(nil))
        timer?.cancel()
        characterTimer?.cancel()
        self.context = nil
    }

    /// Sends `request`; `completion` gets the response or the failure, on this loop.
    func send(_ request: ModbusRequest, completion: @escaping (Outcome) -> Void) {
        if let failure = start(request, completion: completion) { completion(.failure(failure)) }
    }

    /// Sends `requests` one after another and hands back every outcome, in order; after a
    /// failure of the link the rest are not sent and fail with it. The batch goes from one
    /// request to the next here, on the loop, without a closure or a task per request.
    func run(_ requests: [ModbusRequest], completion: @escaping ([Outcome]) -> Void) {
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(requests.count)
        batch = Batch(requests: requests, outcomes: outcomes, completion: completion)
        continueBatch()
    }

    /// Sends the batch's next request, or finishes it; requests that fail before they are sent
    /// are recorded in a loop rather than by recursion.
    private func continueBatch() {
        while var current = batch {
            guard current.outcomes.count < current.requests.count else {
                batch = nil
                current.completion(current.outcomes)
                return
            }
            if case .failure(let failure) = current.outcomes.last, failure.isLinkFailure {
                current.outcomes.append(.failure(failure))
                batch = current
                continue
            }
            let request = current.requests[current.outcomes.count]
            guard let failure = start(request, completion: nil) else { return }
            batch?.outcomes.append(.failure(failure))
        }
    }

    /// Puts `request` on the wire; the failure that kept it off, if one did.
    private func start(_ request: ModbusRequest, completion: ((Outcome) -> Void)?) -> ModbusError? {
        do { try request.validate() } catch { return error }
        guard let context, context.channel.isActive else { return lost(nil) }
        // One request at a time: the client takes turns before calling.
        transactionID &+= 1
        pending = Pending(request: request, transactionID: transactionID, deadline: .now() + TimeAmount(responseTimeout), completion: completion)
        if timer == nil { armTimer(context) }
        switch framing {
        case .mbap:
            write(request, context)
        case .rtu:
            // Bytes left from before are noise or a late answer, not this request's.
            received = nil
            let now = NIODeadline.now()
            if lineFreeAt <= now {
                write(request, context)
            } else {
                context.eventLoop.assumeIsolated().scheduleTask(deadline: lineFreeAt) { [self] in
                    guard let context = self.context, self.pending?.transactionID == transactionID else { return }
                    write(request, context)
                }
            }
        }
        return nil
    }

    private func write(_ request: ModbusRequest, _ context: ChannelHandlerContext) {
        if case .mbap = framing, let (function, address, count) = request.read {
            // A read, the request a poll sends: written straight into the buffer.
            var bytes = context.channel.allocator.buffer(capacity: MBAPFrame.headerSize + 5)
            bytes.writeMultipleIntegers(transactionID, UInt16(0), UInt16(6), unitID, function.rawValue, address, UInt16(count))
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
            return
        }
        let pdu = request.pdu
        var bytes = context.channel.allocator.buffer(capacity: MBAPFrame.headerSize + pdu.count + 2)
        switch framing {
        case .mbap:
            MBAPFrame(transactionID: transactionID, unitID: unitID, pdu: pdu).write { bytes.writeBytes($0) }
        case .rtu(let frameGap, _):
            bytes.writeBytes(RTUFrame(unitID: unitID, pdu: pdu).bytes)
            // The line is busy until the frame is out, and must then be silent again.
            lineFreeAt = .now() + frameGap
        }
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if received == nil { received = bytes } else { received!.writeBuffer(&bytes) }
        switch framing {
        case .mbap: readMBAP(context)
        case .rtu(let frameGap, let characterTimeout): readRTU(context, frameGap: frameGap, characterTimeout: characterTimeout)
        }
    }

    private func readMBAP(_ context: ChannelHandlerContext) {
        do {
            // The PDU is read where it lies in the buffer, without a copy.
            while let header = try MBAPFrame.header(received!.readableBytesView), received!.readableBytes >= header.size {
                let view = received!.readableBytesView
                let pdu = view[view.startIndex + MBAPFrame.headerSize..<view.startIndex + header.size]
                // A frame for another transaction is a late answer to a request that timed out.
                let outcome = pending.flatMap { $0.transactionID == header.transactionID ? answer($0.request, unitID: header.unitID, pdu: pdu) : nil }
                received!.moveReaderIndex(forwardBy: header.size)
                if let outcome { complete(outcome) }
                guard received != nil else { return }
            }
            if received!.readableBytes == 0 { received = nil } else { received!.discardReadBytes() }
        } catch {
            received = nil
            fail(error)
            context.close(promise: nil)
        }
    }

    private func readRTU(_ context: ChannelHandlerContext, frameGap: TimeAmount, characterTimeout: TimeAmount) {
        lineFreeAt = .now() + frameGap
        characterTimer?.cancel()
        characterTimer = nil
        guard let pending else {
            // Nothing was asked: noise, or the rest of an answer already given up on.
            received = nil
            return
        }
        do {
            guard let (frame, _) = try RTUFrame.parse(received!.readableBytesView, .response) else {
                let count = received!.readableBytes
                characterTimer = context.eventLoop.assumeIsolated().scheduleTask(in: characterTimeout) { [self] in
                    characterTimer = nil
                    guard self.pending?.transactionID == pending.transactionID else { return }
                    received = nil
                    fail(.malformed("the RTU frame stopped after \(count) bytes"))
                }
                return
            }
            received = nil
            complete(answer(pending.request, unitID: frame.unitID, pdu: frame.pdu))
        } catch {
            received = nil
            fail(error)
        }
    }

    private func answer(_ request: ModbusRequest, unitID: UInt8, pdu: some Collection<UInt8>) -> Outcome {
        guard unitID == self.unitID else {
            return .failure(.mismatchedResponse("unit \(unitID) answered a request to unit \(self.unitID)"))
        }
        return Result { () throws(ModbusError) in try ModbusResponse(pdu: pdu, answering: request) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(lost(nil))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error as? ModbusError ?? lost(Self.reason(error)))
        context.close(promise: nil)
    }

    private func complete(_ outcome: Outcome) {
        guard let pending else { return }
        self.pending = nil
        if let completion = pending.completion {
            completion(outcome)
        } else {
            batch?.outcomes.append(outcome)
            continueBatch()
        }
    }

    private func fail(_ error: ModbusError) {
        complete(.failure(error))
    }

    private func fail(_ error: any Error) {
        complete(.failure(error as? ModbusError ?? .malformed("\(error)")))
    }

    private func armTimer(_ context: ChannelHandlerContext) {
        guard let pending else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: pending.deadline) { [self] in
            timer = nil
            guard let pending = self.pending, let context = self.context else { return }
            if pending.deadline <= .now() {
                fail(ModbusError.responseTimeout(endpoint: endpoint, seconds: responseTimeout.seconds))
            } else {
                armTimer(context)
            }
        }
    }

    /// "Input/output error" rather than NIO's description of where it happened.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        return String(cString: strerror(error.errnoCode))
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
