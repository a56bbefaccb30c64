import Foundation

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
        let name = String(FNV1a.hash(url.absoluteString.utf8), radix: 16)
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
