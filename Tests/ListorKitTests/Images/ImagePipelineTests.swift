import Foundation
import ListorKit
import ListorTestSupport
import Synchronization
import Testing

/// An origin that serves `size` bytes per URL, counting fetches; with `gated`, each fetch waits
/// until the test opens it, and reports that it started.
final class TestOrigin: Sendable {
    let size: Int
    let gated: Bool
    private let state = Mutex<(fetches: [URL: Int], gates: [URL: CheckedContinuation<Void, any Error>], cancelled: Set<URL>)>(([:], [:], []))
    let started: AsyncStream<URL>
    private let startedContinuation: AsyncStream<URL>.Continuation
    /// The fetches cancelled, as they are.
    let cancellations: AsyncStream<URL>
    private let cancellationsContinuation: AsyncStream<URL>.Continuation

    init(size: Int = 1000, gated: Bool = false) {
        self.size = size
        self.gated = gated
        (started, startedContinuation) = AsyncStream.makeStream(of: URL.self)
        (cancellations, cancellationsContinuation) = AsyncStream.makeStream(of: URL.self)
    }

    static func bytes(for url: URL, size: Int) -> [UInt8] {
        let seed = UInt8(truncatingIfNeeded: url.absoluteString.utf8.reduce(0) { $0 &+ Int($1) })
        return (0..<size).map { UInt8(truncatingIfNeeded: $0) ^ seed }
    }

    var fetches: [URL: Int] { state.withLock { $0.fetches } }
    func wasCancelled(_ url: URL) -> Bool { state.withLock { $0.cancelled.contains(url) } }

    func open(_ url: URL) {
        state.withLock { $0.gates.removeValue(forKey: url) }?.resume()
    }

    func fetch(_ url: URL) async throws -> [UInt8] {
        state.withLock { $0.fetches[url, default: 0] += 1 }
        if gated {
            do {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        state.withLock { $0.gates[url] = continuation }
                        startedContinuation.yield(url)
                    }
                } onCancel: {
                    state.withLock { state -> CheckedContinuation<Void, any Error>? in
                        state.cancelled.insert(url)
                        return state.gates.removeValue(forKey: url)
                    }?.resume(throwing: CancellationError())
                    cancellationsContinuation.yield(url)
                }
            }
        }
        return Self.bytes(for: url, size: size)
    }
}

@Suite struct ImagePipelineTests {
    static func url(_ index: Int) -> URL { URL(string: "http://images.test/products/\(index).png")! }

    @Test func aThousandConcurrentRequestsForFiftyImagesMakeFiftyFetches() async throws {
        let origin = TestOrigin()
        let pipeline = ImagePipeline(memoryLimit: 1 << 20) { try await origin.fetch($0) }
        let wrong = try await withThrowingTaskGroup(of: Bool.self) { group in
            for request in 0..<1000 {
                group.addTask {
                    let url = Self.url(request % 50)
                    return try await pipeline.image(for: url) != TestOrigin.bytes(for: url, size: 1000)
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(wrong == 0)
        #expect(origin.fetches.count == 50)
        #expect(origin.fetches.values.allSatisfy { $0 == 1 })
        let counters = await pipeline.counters
        #expect(counters.fetches == 50)
        #expect(counters.memoryHits + counters.misses == 1000)
    }

    @Test func memoryStaysWithinItsByteLimitUnderLoad() async throws {
        let origin = TestOrigin(size: 1000)
        let pipeline = ImagePipeline(memoryLimit: 10_500) { try await origin.fetch($0) }
        let overLimit = try await withThrowingTaskGroup(of: Bool.self) { group in
            for request in 0..<500 {
                group.addTask {
                    _ = try await pipeline.image(for: Self.url(request % 50))
                    return await pipeline.memoryBytes > 10_500
                }
            }
            return try await group.contains(true)
        }
        #expect(!overLimit)
        #expect(await pipeline.memoryBytes <= 10_500)
        #expect(await pipeline.memoryBytes >= 10_000, "ten images fit")
    }

    @Test func theLeastRecentlyUsedImageLeavesFirst() {
        var cache = MemoryImageCache<String>(limit: 30)
        cache.insert(Array(repeating: 1, count: 10), for: "a")
        cache.insert(Array(repeating: 2, count: 10), for: "b")
        cache.insert(Array(repeating: 3, count: 10), for: "c")
        _ = cache.value(for: "a")
        cache.insert(Array(repeating: 4, count: 10), for: "d")
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") != nil && cache.value(for: "c") != nil && cache.value(for: "d") != nil)
        cache.insert(Array(repeating: 5, count: 31), for: "huge")
        #expect(cache.value(for: "huge") == nil)
        #expect(cache.totalBytes == 30)
    }

    @Test func theDiskCacheSurvivesARestartAndForgetsOldImages() async throws {
        let directory = try TemporaryDirectory()
        let origin = TestOrigin()
        let first = ImagePipeline(disk: try DiskImageCache(directory: directory.url)) { try await origin.fetch($0) }
        for index in 0..<3 { _ = try await first.image(for: Self.url(index)) }

        // A new pipeline on the same directory, whose origin must not be asked.
        let second = ImagePipeline(disk: try DiskImageCache(directory: directory.url)) { url in
            Issue.record("fetched \(url) although it was on disk")
            return []
        }
        for index in 0..<3 { #expect(try await second.image(for: Self.url(index)) == TestOrigin.bytes(for: Self.url(index), size: 1000)) }
        #expect(await second.counters.diskHits == 3)

        let later = try DiskImageCache(directory: directory.url, maximumAge: 86400, now: { Date().addingTimeInterval(2 * 86400) })
        #expect(await later.value(for: Self.url(0)) == nil)
        let small = try DiskImageCache(directory: directory.url, limit: 2500)
        await small.store(TestOrigin.bytes(for: Self.url(9), size: 1000), for: Self.url(9))
        #expect(await small.totalBytes <= 2500)
        #expect(await small.value(for: Self.url(9)) != nil, "the newest stays")
    }

    @Test func cancellingOneWaiterLeavesTheFetchForTheOthers() async throws {
        let origin = TestOrigin(gated: true)
        let pipeline = ImagePipeline { try await origin.fetch($0) }
        let url = Self.url(1)
        let leaving = Task { try await pipeline.image(for: url) }
        var started = origin.started.makeAsyncIterator()
        #expect(await started.next() == url)
        let staying = Task { try await pipeline.image(for: url) }
        // The second caller has joined once the pipeline counts its miss.
        while await pipeline.counters.misses < 2 { await Task.yield() }

        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(await pipeline.isFetching(url))
        origin.open(url)
        #expect(try await staying.value == TestOrigin.bytes(for: url, size: 1000))
        #expect(!origin.wasCancelled(url))
    }

    @Test func cancellingTheLastWaiterCancelsTheFetch() async throws {
        let origin = TestOrigin(gated: true)
        let pipeline = ImagePipeline { try await origin.fetch($0) }
        let url = Self.url(2)
        let only = Task { try await pipeline.image(for: url) }
        var started = origin.started.makeAsyncIterator()
        #expect(await started.next() == url)
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value }
        var cancellations = origin.cancellations.makeAsyncIterator()
        #expect(await cancellations.next() == url)
        #expect(!(await pipeline.isFetching(url)))
    }

    @Test func aFailedImageIsTheFailurePictureWithItsReason() async throws {
        struct Gone: Error, CustomStringConvertible { var description: String { "404 Not Found" } }
        let pipeline = ImagePipeline { _ in throw Gone() }
        let content = try await pipeline.content(for: Self.url(3))
        #expect(content == .failed("404 Not Found"))
        #expect(content.bytes == ImageContent.failureSVG)
        #expect(ImageContent.placeholder.bytes == ImageContent.placeholderSVG)
        #expect(await pipeline.counters.failures == 1)
    }
}
