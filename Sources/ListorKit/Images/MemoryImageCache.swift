/// Images in memory, bounded in bytes: when an insert goes over the limit, the least recently
/// used images leave first. Lookups and inserts are O(1): a dictionary into a doubly linked
/// list kept in an array.
public struct MemoryImageCache<Key: Hashable & Sendable>: Sendable {
    private struct Node: Sendable {
        var key: Key
        var bytes: [UInt8]
        var newer: Int?
        var older: Int?
    }

    public let limit: Int
    public private(set) var totalBytes = 0
    private var index: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var free: [Int] = []
    private var newest: Int?
    private var oldest: Int?

    public init(limit: Int) {
        self.limit = limit
    }

    public var count: Int { index.count }

    /// The image, which becomes the most recently used.
    public mutating func value(for key: Key) -> [UInt8]? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return nodes[slot].bytes
    }

    /// Stores `bytes`, evicting the least recently used images until the total fits; an image
    /// larger than the whole limit is not kept.
    public mutating func insert(_ bytes: [UInt8], for key: Key) {
        if let slot = index[key] { remove(slot) }
        guard bytes.count <= limit else { return }
        let node = Node(key: key, bytes: bytes, newer: nil, older: newest)
        let slot: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            slot = reused
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        if let newest { nodes[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
        index[key] = slot
        totalBytes += bytes.count
        while totalBytes > limit, let oldest { remove(oldest) }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard newest != slot else { return }
        unlink(slot)
        nodes[slot].older = newest
        nodes[slot].newer = nil
        if let newest { nodes[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if let newer { nodes[newer].older = older } else { newest = older }
        if let older { nodes[older].newer = newer } else { oldest = newer }
    }

    private mutating func remove(_ slot: Int) {
        unlink(slot)
        index[nodes[slot].key] = nil
        totalBytes -= nodes[slot].bytes.count
        nodes[slot].bytes = []
        free.append(slot)
    }
}
