import CoreMetrics
import Foundation

/// Loads images by URL through a memory cache, an optional disk cache and the origin, for
/// every app that shows pictures (Stella's products, the library's covers).
///
/// Concurrent requests for one URL make one fetch, and every caller gets its result. A caller
/// whose task is cancelled stops waiting at once; the fetch itself is cancelled only when no
/// caller waits for it any more.
public actor ImagePipeline {
    /// What the pipeline has done, for tests and the server's log.
    public struct Counters: Sendable, Hashable {
        public var memoryHits = 0
        public var diskHits = 0
        /// Requests that found the image in neither cache.
        public var misses = 0
        /// Fetches from the origin: one per coalesced group of misses.
        public var fetches = 0
        public var failures = 0

        public init() {}
    }

    public typealias Fetch = @Sendable (URL) async throws -> [UInt8]

    public private(set) var counters = Counters()
    private var memory: MemoryImageCache<URL>
    private let disk: DiskImageCache?
    private let fetch: Fetch
    private var inFlight: [URL: InFlight] = [:]
    private var nextWaiter = 0
    private let meters: Meters

    /// The pipeline's counters for a metrics backend: `listor_image_requests_total` by `result`
    /// (memory_hit, disk_hit, miss), `listor_image_fetches_total` and `listor_image_fetch_failures_total`,
    /// each labelled with the pipeline's name.
    private struct Meters {
        let memoryHits: Counter
        let diskHits: Counter
        let misses: Counter
        let fetches: Counter
        let failures: Counter

        init(name: String, factory: any MetricsFactory) {
            func requests(_ result: String) -> Counter {
                Counter(label: "listor_image_requests_total", dimensions: [("pipeline", name), ("result", result)], factory: factory)
            }
            memoryHits = requests("memory_hit")
            diskHits = requests("disk_hit")
            misses = requests("miss")
            fetches = Counter(label: "listor_image_fetches_total", dimensions: [("pipeline", name)], factory: factory)
            failures = Counter(label: "listor_image_fetch_failures_total", dimensions: [("pipeline", name)], factory: factory)
        }
    }

    /// One fetch and the callers waiting for it.
    private struct InFlight {
        var task: Task<Void, Never>
        var waiters: [Int: CheckedContinuation<[UInt8], any Error>] = [:]
    }

    /// `name` labels the pipeline's metrics, which go to `metrics` (none unless given).
    public init(memoryLimit: Int = 32 << 20, disk: DiskImageCache? = nil, name: String = "images",
                metrics: any MetricsFactory = NOOPMetricsHandler.instance, fetch: @escaping Fetch) {
        memory = MemoryImageCache(limit: memoryLimit)
        self.disk = disk
        self.fetch = fetch
        meters = Meters(name: name, factory: metrics)
    }

    public var memoryBytes: Int { memory.totalBytes }

    /// The image's bytes: from memory, from disk, or fetched (once, however many ask at the same time).
    public func image(for url: URL) async throws -> [UInt8] {
        try Task.checkCancellation()
        if let bytes = memory.value(for: url) {
            counters.memoryHits += 1
            meters.memoryHits.increment()
            return bytes
        }
        if let disk, let bytes = await disk.value(for: url) {
            counters.diskHits += 1
            meters.diskHits.increment()
            memory.insert(bytes, for: url)
            return bytes
        }
        // Another caller's fetch may have finished while the disk was read.
        if disk != nil, let bytes = memory.value(for: url) {
            counters.memoryHits += 1
            meters.memoryHits.increment()
            return bytes
        }
        counters.misses += 1
        meters.misses.increment()
        let waiter = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                if inFlight[url] == nil { start(url) }
                inFlight[url]?.waiters[waiter] = continuation
            }
        } onCancel: {
            Task { await self.stopWaiting(waiter, for: url) }
        }
    }

    private func start(_ url: URL) {
        counters.fetches += 1
        meters.fetches.increment()
        let fetch = fetch
        let task = Task {
            let result: Result<[UInt8], any Error>
            do { result = .success(try await fetch(url)) } catch { result = .failure(error) }
            await self.finish(url, result)
        }
        inFlight[url] = InFlight(task: task)
    }

    private func finish(_ url: URL, _ result: Result<[UInt8], any Error>) async {
        guard let entry = inFlight.removeValue(forKey: url) else { return }
        switch result {
        case .success(let bytes):
            memory.insert(bytes, for: url)
            // On disk before anyone has it, so that an image once served survives a restart.
            if let disk { await disk.store(bytes, for: url) }
            for waiter in entry.waiters.values { waiter.resume(returning: bytes) }
        case .failure(let error):
            counters.failures += 1
            meters.failures.increment()
            for waiter in entry.waiters.values { waiter.resume(throwing: error) }
        }
    }

    /// A caller gave up: it stops waiting now, and the fetch stops if nobody else waits.
    private func stopWaiting(_ waiter: Int, for url: URL) {
        guard let continuation = inFlight[url]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if inFlight[url]?.waiters.isEmpty == true, let entry = inFlight.removeValue(forKey: url) {
            entry.task.cancel()
        }
    }

    /// The image if either cache has it, without fetching it.
    public func cachedImage(for url: URL) async -> [UInt8]? {
        if let bytes = memory.value(for: url) { return bytes }
        guard let disk, let bytes = await disk.value(for: url) else { return nil }
        memory.insert(bytes, for: url)
        return bytes
    }

    /// Whether a fetch for `url` is under way (for tests of cancellation).
    public func isFetching(_ url: URL) -> Bool { inFlight[url] != nil }
}

extension ImagePipeline {
    /// The image, or the failure picture with the reason; cancellation still throws.
    public func content(for url: URL) async throws -> ImageContent {
        do {
            return .image(try await image(for: url))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .failed("\(error)")
        }
    }
}
