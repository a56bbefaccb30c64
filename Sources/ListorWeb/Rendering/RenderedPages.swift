import CoreMetrics
import NIOCore
import Synchronization

/// Pages kept as rendered, by everything they were made from: a page asked again is sent as it
/// was, without building its view model or rendering its template. The key must hold all that
/// the page shows; for the transistor catalog that is the query alone (the catalog never
/// changes while the server runs), for the library also its change number and the minute.
///
/// Bounded: when full, everything goes, and what is asked again is rendered again. Counted in
/// `listor_rendered_pages_total{page, result}` (hit or miss).
final class RenderedPages<Key: Hashable & Sendable>: Sendable {
    private let pages = Mutex<[Key: ByteBuffer]>([:])
    private let capacity: Int
    private let hits: Counter
    private let misses: Counter

    /// `name` labels the counts ("transistors/list").
    init(name: String, capacity: Int = 256, metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.capacity = capacity
        hits = Counter(label: "listor_rendered_pages_total", dimensions: [("page", name), ("result", "hit")], factory: metrics)
        misses = Counter(label: "listor_rendered_pages_total", dimensions: [("page", name), ("result", "miss")], factory: metrics)
    }

    /// The page for `key`: kept, or made by `render` and kept.
    func page(for key: Key, render: () throws -> [UInt8]) rethrows -> ByteBuffer {
        if let kept = kept(key) { return kept }
        return keep(try render(), for: key)
    }

    /// The page for `key`: kept, or made by `render` (which may wait) and kept.
    func page(for key: Key, render: () async throws -> [UInt8]) async rethrows -> ByteBuffer {
        if let kept = kept(key) { return kept }
        return keep(try await render(), for: key)
    }

    private func kept(_ key: Key) -> ByteBuffer? {
        let page = pages.withLock { $0[key] }
        (page == nil ? misses : hits).increment()
        return page
    }

    private func keep(_ bytes: [UInt8], for key: Key) -> ByteBuffer {
        let page = ByteBuffer(bytes: bytes)
        pages.withLock { pages in
            if pages.count >= capacity { pages.removeAll(keepingCapacity: true) }
            pages[key] = page
        }
        return page
    }
}
