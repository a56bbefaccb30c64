import NIOCore
import Synchronization

/// Pages rendered from data that never changes while the server runs (the transistor catalog),
/// kept by what they were asked with: a page asked again is sent as it was, without building
/// its view model or rendering its template. Bounded: when full, everything goes, and what is
/// asked again is rendered again.
final class RenderedPages<Key: Hashable & Sendable>: Sendable {
    private let pages = Mutex<[Key: ByteBuffer]>([:])
    private let capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The page for `key`: kept, or made by `render` and kept.
    func page(for key: Key, render: () throws -> [UInt8]) rethrows -> ByteBuffer {
        if let kept = pages.withLock({ $0[key] }) { return kept }
        let page = ByteBuffer(bytes: try render())
        pages.withLock { pages in
            if pages.count >= capacity { pages.removeAll(keepingCapacity: true) }
            pages[key] = page
        }
        return page
    }
}
