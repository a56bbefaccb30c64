import Modbus
import ModbusIO
import NIOCore
import NIOPosix
import Testing

/// Devices that misbehave on purpose, over real TCP on loopback: one that never answers, and one
/// that hangs up on every request.
@Suite struct ModbusTCPClientTimeoutTests {
    /// Reads requests and never answers them, or hangs up on the first.
    final class MisbehavingDevice: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let hangsUp: Bool

        init(hangsUp: Bool) {
            self.hangsUp = hangsUp
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if hangsUp { context.close(promise: nil) }
        }
    }

    func withDevice(hangsUp: Bool, _ body: (Int) async throws -> Void) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(MisbehavingDevice(hangsUp: hangsUp)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        do {
            try await body(server.localAddress?.port ?? 0)
        } catch {
            try await server.close()
            throw error
        }
        try await server.close()
    }

    @Test func aSilentDeviceTimesOutAndTheNextRequestStartsAfresh() async throws {
        try await withDevice(hangsUp: false) { port in
            let client = ModbusClient(.tcp(host: "127.0.0.1", port: port), configuration: .init(responseTimeout: .milliseconds(100)))
            for _ in 0..<2 {
                await #expect(throws: ModbusError.responseTimeout(endpoint: "127.0.0.1:\(port)", seconds: 0.1)) {
                    try await client.send(.readHoldingRegisters(address: 0, count: 1))
                }
            }
            await client.close()
        }
    }

    @Test func aDeviceThatHangsUpIsADisconnection() async throws {
        try await withDevice(hangsUp: true) { port in
            // A response time far beyond the hang-up, so that a busy machine cannot turn it into a timeout.
            let client = ModbusClient(.tcp(host: "127.0.0.1", port: port), configuration: .init(responseTimeout: .seconds(120)))
            await #expect(throws: ModbusError.disconnected(endpoint: "127.0.0.1:\(port)")) {
                try await client.send(.readHoldingRegisters(address: 0, count: 1))
            }
            await client.close()
        }
    }

    /// Tells the test of each request it reads, with its connection, and never answers.
    final class Listener: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let reads: AsyncStream<any Channel>.Continuation

        init(reads: AsyncStream<any Channel>.Continuation) {
            self.reads = reads
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            reads.yield(context.channel)
        }
    }

    /// A request whose task is cancelled while another holds the line is never sent.
    @Test func aRequestCancelledBeforeItsTurnIsNotSent() async throws {
        let (reads, heard) = AsyncStream.makeStream(of: (any Channel).self)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Listener(reads: heard)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = server.localAddress?.port ?? 0
        let client = ModbusClient(.tcp(host: "127.0.0.1", port: port), configuration: .init(responseTimeout: .seconds(60)))
        let first = Task { try await client.send(.readHoldingRegisters(address: 0, count: 1)) }
        var requests = reads.makeAsyncIterator()
        let connection = try #require(await requests.next(), "the first request is on the wire")
        let second = Task { try await client.send(.readHoldingRegisters(address: 1, count: 1)) }
        second.cancel()
        // The device hangs up: the first request fails, and the line comes to the second.
        try await connection.close()
        await #expect(throws: ModbusError.disconnected(endpoint: "127.0.0.1:\(port)")) { try await first.value }
        await #expect(throws: ModbusError.cancelled) { try await second.value }
        await client.close()
        try await server.close()
        heard.finish()
        #expect(await requests.next() == nil, "the device heard one request only")
    }
}
