import CoreMetrics
import NIOCore
import Synchronization

/// Pages kept as rendered, by everything they were made from: a page asked again is sent as it
/// was, without building its view model or rendering its template. The key must hold all that
/// the page shows; for the transistor catalog that is the query alone (the catalog never
/// changes while the server runs), for the library also its change number and the minute.
///
/// Bounded, in two generations: pages go into the new one; when it is full it becomes the old one
/// and the old one goes. A page asked for from the old generation moves to the new one, so pages
/// asked often stay while a stream of pages asked once (deep pages of a long list) passes through.
/// Where most pages are asked once (the deep pages of a long list, asked by whoever turns through
/// it), pages may be kept only when asked a second time: then those pages never push out the
/// pages asked often (searches, first pages), however fast they come.
/// Counted in `listor_rendered_pages_total{page, result}` (hit or miss).
final class RenderedPages<Key: Hashable & Sendable>: Sendable {
    /// When a page rendered is kept.
    enum Admission: Sendable {
        /// At once.
        case firstAsk
        /// When it was asked before: the keys asked once are remembered (by hash), up to four
        /// generations' worth.
        case secondAsk
    }

    private struct Generations {
        var new: [Key: ByteBuffer] = [:]
        var old: [Key: ByteBuffer] = [:]
        /// The hashes of keys asked once and not kept, for `.secondAsk`.
        var askedOnce: Set<Int> = []
    }

    private let pages = Mutex(Generations())
    private let capacity: Int
    private let admission: Admission
    private let hits: Counter
    private let misses: Counter

    /// `name` labels the counts ("transistors/list"); `capacity` is a generation's, so that up
    /// to twice as many pages are kept.
    init(name: String, capacity: Int = 256, admission: Admission = .firstAsk, metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.capacity = capacity
        self.admission = admission
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
        let page = pages.withLock { pages -> ByteBuffer? in
            if let page = pages.new[key] { return page }
            guard let page = pages.old.removeValue(forKey: key) else { return nil }
            Self.add(page, for: key, to: &pages, capacity: capacity)
            return page
        }
        (page == nil ? misses : hits).increment()
        return page
    }

    private func keep(_ bytes: [UInt8], for key: Key) -> ByteBuffer {
        let page = ByteBuffer(bytes: bytes)
        pages.withLock { pages in
            if admission == .secondAsk, pages.askedOnce.remove(key.hashValue) == nil {
                if pages.askedOnce.count >= 4 * capacity { pages.askedOnce.removeAll(keepingCapacity: true) }
                pages.askedOnce.insert(key.hashValue)
                return
            }
            Self.add(page, for: key, to: &pages, capacity: capacity)
        }
        return page
    }

    private static func add(_ page: ByteBuffer, for key: Key, to pages: inout Generations, capacity: Int) {
        if pages.new.count >= capacity {
            pages.old = pages.new
            pages.new = [:]
        }
        pages.new[key] = page
    }
}
