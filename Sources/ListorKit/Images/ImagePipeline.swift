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
    }

    public typealias Fetch = @Sendable (URL) async throws -> [UInt8]

    public private(set) var counters = Counters()
    private var memory: MemoryImageCache<URL>
    private let disk: DiskImageCache?
    private let fetch: Fetch
    private var inFlight: [URL: InFlight] = [:]
    private var nextWaiter = 0

    /// One fetch and the callers waiting for it.
    private struct InFlight {
        var task: Task<Void, Never>
        var waiters: [Int: CheckedContinuation<[UInt8], any Error>] = [:]
    }

    public init(memoryLimit: Int = 32 << 20, disk: DiskImageCache? = nil, fetch: @escaping Fetch) {
        memory = MemoryImageCache(limit: memoryLimit)
        self.disk = disk
        self.fetch = fetch
    }

    public var memoryBytes: Int { memory.totalBytes }

    /// The image's bytes: from memory, from disk, or fetched (once, however many ask at the same time).
    public func image(for url: URL) async throws -> [UInt8] {
        try Task.checkCancellation()
        if let bytes = memory.value(for: url) {
            counters.memoryHits += 1
            return bytes
        }
        if let disk, let bytes = await disk.value(for: url) {
            counters.diskHits += 1
            memory.insert(bytes, for: url)
            return bytes
        }
        // Another caller's fetch may have finished while the disk was read.
        if disk != nil, let bytes = memory.value(for: url) {
            counters.memoryHits += 1
            return bytes
        }
        counters.misses += 1
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

    /// Whether a fetch for `url` is under way (for tests of cancellation).
    public func isFetching(_ url: URL) -> Bool { inFlight[url] != nil }
}

/// Images on disk, bounded in total size and in age: a file per URL in a directory of the
/// data directory, the least recently used removed first when over the limit. Survives restarts.
public actor DiskImageCache {
    public let directory: URL
    public let limit: Int
    public let maximumAge: TimeInterval
    private let now: @Sendable () -> Date

    public init(directory: URL, limit: Int = 256 << 20, maximumAge: TimeInterval = 7 * 86400, now: @escaping @Sendable () -> Date = Date.init) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.limit = limit
        self.maximumAge = maximumAge
        self.now = now
    }

    /// The file for `url`: a 64-bit FNV-1a hash of the URL; the URL itself is the file's first line,
    /// so that a collision is a miss, never the wrong image.
    func file(for url: URL) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let name = String(hash, radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".image")
    }

    public func value(for url: URL) -> [UInt8]? {
        let file = file(for: url)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let modified = attributes[.modificationDate] as? Date else { return nil }
        if now().timeIntervalSince(modified) > maximumAge {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        guard let data = try? Data(contentsOf: file), let newline = data.firstIndex(of: 0x0A),
              String(decoding: data[..<newline], as: UTF8.self) == url.absoluteString else { return nil }
        // A hit counts as a use for eviction; the age limit runs from when it was stored.
        return Array(data[(newline + 1)...])
    }

    public func store(_ bytes: [UInt8], for url: URL) {
        var data = Data(url.absoluteString.utf8)
        data.append(0x0A)
        data.append(contentsOf: bytes)
        guard data.count <= limit else { return }
        try? data.write(to: file(for: url), options: .atomic)
        evict()
    }

    /// Removes the oldest files until the directory fits the limit.
    func evict() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var entries = files.compactMap { file -> (url: URL, size: Int, modified: Date)? in
            guard file.pathExtension == "image", let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > limit else { return }
        entries.sort { $0.modified < $1.modified }
        for entry in entries where total > limit {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    public var totalBytes: Int {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    }
}

/// What a view shows in an image's place: the image, or while it loads a placeholder, or when
/// it cannot be had the failure picture, so that a missing picture never leaves a hole.
public enum ImageContent: Sendable, Hashable {
    case image([UInt8])
    case placeholder
    case failed(String)

    /// A neutral grey frame, as SVG.
    public static let placeholderSVG = Array(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 125" role="img" aria-label="Loading"><rect width="100" height="125" fill="#E6E6E6"/></svg>"##.utf8)
    /// The frame with a cross: no picture.
    public static let failureSVG = Array(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 125" role="img" aria-label="No picture"><rect width="100" height="125" fill="#E6E6E6"/><path d="M35 47 L65 77 M65 47 L35 77" stroke="#9A9A9A" stroke-width="4"/></svg>"##.utf8)

    /// The bytes to draw.
    public var bytes: [UInt8] {
        switch self {
        case .image(let bytes): bytes
        case .placeholder: Self.placeholderSVG
        case .failed: Self.failureSVG
        }
    }
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
