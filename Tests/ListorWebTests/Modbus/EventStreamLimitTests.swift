import Foundation
import ListorTestSupport
import ListorWeb
import Modbus
import Testing

/// Live-update streams are bounded per client: one more is refused with 503 and `Retry-After`,
/// and a stream whose client went away frees its slot for the next viewer.
@Suite struct EventStreamLimitTests {
    @Test(.timeLimit(.minutes(2))) func aClientBeyondItsShareIsToldToRetryAndGetsASlotOnceOneFrees() async throws {
        let meter = try await SimulatedMeter(interval: .milliseconds(10))
        let limits = ConnectionLimits(maximumStreamsPerClient: 2, retryAfter: 9)
        let module = ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor)], limits: limits)
        try await withLiveWebServer(configuration: WebConfiguration(port: 0, limits: limits), modules: [module]) { port in
            let request = "GET /modbus/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            var held: [RawHTTPConnection] = []
            for _ in 0..<2 {
                let viewer = try RawHTTPConnection(port: port)
                try viewer.send(request)
                #expect(try await viewer.read(through: "retry: 3000\n\n").hasPrefix("HTTP/1.1 200"))
                held.append(viewer)
            }
            let refused = try await RawHTTPConnection.request(port: port, "GET", "/modbus/events")
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == "9")
            #expect(refused.body.contains("already follows the device in 2 pages"))

            // One viewer leaves; its stream notices at a poll and frees the slot.
            var counts = await meter.monitor.watcherCounts().makeAsyncIterator()
            let polling = Task { await meter.monitor.run() }
            held.removeFirst().shutDown()
            while let count = await counts.next(), count > 1 {}
            let viewer = try RawHTTPConnection(port: port)
            try viewer.send(request)
            #expect(try await viewer.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
            #expect(try await viewer.read(through: "event: snapshot\n").hasSuffix("event: snapshot\n"))
            polling.cancel()
            withExtendedLifetime(held) {}
        }
    }
}

/// A viewer that stops reading fills its socket, and its stream is dropped after the write
/// timeout instead of holding its slot for good.
@Suite struct StalledStreamTests {
    /// With the client's buffers as the system makes them: the server's are kept small for an
    /// event stream, so they fill after a few dozen events rather than megabytes.
    @Test(.timeLimit(.minutes(2))) func aStreamWhoseClientStopsReadingIsDropped() async throws {
        let meter = try await SimulatedMeter(maximumWatchers: 1, interval: .milliseconds(2))
        let limits = ConnectionLimits(writeTimeout: .milliseconds(200))
        let module = ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor)], limits: limits)
        try await withLiveWebServer(configuration: WebConfiguration(port: 0, limits: limits), modules: [module]) { port in
            let stalled = try RawHTTPConnection(port: port)
            try stalled.send("GET /modbus/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            _ = try await stalled.read(through: "retry: 3000\n\n")
            var counts = await meter.monitor.watcherCounts().makeAsyncIterator()
            #expect(await counts.next() == 1)
            // Every poll is another event the client does not take; once the socket is full the
            // write waits, and after the timeout the stream ends.
            let polling = Task { await meter.monitor.run() }
            while let count = await counts.next(), count > 0 {}
            // The next viewer gets the slot, and the current values at once.
            let next = try RawHTTPConnection(port: port)
            try next.send("GET /modbus/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await next.read(through: "event: snapshot\n").hasPrefix("HTTP/1.1 200"))
            polling.cancel()
            withExtendedLifetime(stalled) {}
        }
    }

    /// The probe's case: 101 viewers that never read, from eleven addresses (ten streams each at
    /// most), against a device that allows 100. The 101st is told to retry; the others are
    /// dropped as their sockets fill; the 102nd viewer then gets the values.
    @Test(.timeLimit(.minutes(3))) func aHundredAndOneStalledViewersDoNotLockOutTheNext() async throws {
        let meter = try await SimulatedMeter(maximumWatchers: 100, interval: .milliseconds(5))
        let limits = ConnectionLimits(maximumStreamsPerClient: 10, writeTimeout: .milliseconds(200))
        let module = ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor)], limits: limits)
        try await withLiveWebServer(configuration: WebConfiguration(port: 0, limits: limits), modules: [module]) { port in
            let request = "GET /modbus/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            var stalled: [RawHTTPConnection] = []
            for index in 0..<100 {
                let viewer = try RawHTTPConnection(port: port, from: "127.0.0.\(2 + index / 10)", receiveBuffer: 1024)
                try viewer.send(request)
                #expect(try await viewer.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
                stalled.append(viewer)
            }
            let refused = try RawHTTPConnection(port: port, from: "127.0.0.20")
            try refused.send(request)
            let head = try await refused.read(through: "\r\n\r\n")
            #expect(head.hasPrefix("HTTP/1.1 503"))
            #expect(head.lowercased().contains("retry-after: 5"))

            // The meter is polled every few milliseconds; each stream ends once its socket is full
            // and its write has waited past the timeout.
            var counts = await meter.monitor.watcherCounts().makeAsyncIterator()
            let polling = Task { await meter.monitor.run() }
            while let count = await counts.next(), count > 0 {}
            let next = try RawHTTPConnection(port: port, from: "127.0.0.21")
            try next.send(request)
            #expect(try await next.read(through: "event: snapshot\n").hasPrefix("HTTP/1.1 200"))
            polling.cancel()
            withExtendedLifetime(stalled) {}
        }
    }

    /// The streams of readers that stopped reading never lock a live viewer out, however long the
    /// write timeout: with all 100 taken by idle readers, a new viewer takes the place of the one
    /// that fell furthest behind, at the next request after they fell behind.
    @Test(.timeLimit(.minutes(3))) func idleReadersMakeRoomForALiveViewerBeforeAnyTimeout() async throws {
        let meter = try await SimulatedMeter(maximumWatchers: 100, interval: .milliseconds(5))
        let limits = ConnectionLimits(maximumStreamsPerClient: 10, writeTimeout: .seconds(600))
        let module = ModbusWebModule(devices: [.init(name: "meter", description: "Simulated TUF-2000M", monitor: meter.monitor)], limits: limits)
        try await withLiveWebServer(configuration: WebConfiguration(port: 0, limits: limits), modules: [module]) { port in
            let request = "GET /modbus/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            var idle: [RawHTTPConnection] = []
            for index in 0..<100 {
                let viewer = try RawHTTPConnection(port: port, from: "127.0.0.\(2 + index / 10)", receiveBuffer: 1024)
                try viewer.send(request)
                #expect(try await viewer.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
                idle.append(viewer)
            }
            // Polls the idle readers do not take, until a new viewer gets a stream: the idle
            // ones' sockets fill within a few dozen events, and the write timeout is ten minutes.
            var admitted = false
            for _ in 0..<400 where !admitted {
                await meter.monitor.refresh()
                let next = try RawHTTPConnection(port: port, from: "127.0.0.30")
                try next.send(request)
                admitted = try await next.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200")
                next.shutDown()
            }
            #expect(admitted, "a live viewer took an idle reader's place")
            #expect(await meter.monitor.watcherCount <= 100)
            withExtendedLifetime(idle) {}
        }
    }
}
