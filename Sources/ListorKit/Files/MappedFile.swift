#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory: its pages are read from the page cache as they are
/// touched, so a large file costs the memory of the parts used, and a second process reading
/// the same file shares them. Unmapped when the last reference goes.
///
/// Touching a mapped page maps its neighbours too (Linux's fault-around, and the whole of the
/// page cache's folio it lies in, up to 2 MB), so a few bytes read here and there over a large
/// part of the file are better copied with `read(_:)`, which costs no mapped memory.
public final class MappedFile: Sendable {
    public struct OpenError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "\(path): \(reason)" }
    }

    /// The file's bytes; empty for an empty file.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
    private nonisolated(unsafe) let base: UnsafeRawPointer?
    private let count: Int
    private let descriptor: Int32

    public init(path: String) throws(OpenError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            let reason = status.st_mode & S_IFMT == S_IFREG ? String(cString: strerror(errno)) : "not a regular file"
            close(descriptor)
            throw OpenError(path: path, reason: reason)
        }
        self.descriptor = descriptor
        count = Int(status.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        let mapping = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapping, mapping != MAP_FAILED else {
            close(descriptor)
            throw OpenError(path: path, reason: String(cString: strerror(errno)))
        }
        base = UnsafeRawPointer(mapping)
    }

    /// The bytes of `range`, copied from the file rather than the mapping; nil when they cannot
    /// all be read.
    public func read(_ range: Range<Int>) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: max(range.count, 0))
        return bytes.withUnsafeMutableBytes { read(range, into: $0) } ? bytes : nil
    }

    /// Reads `range` of the file into `buffer`, which it fills; false when it cannot.
    public func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= count, buffer.count == range.count else { return false }
        var done = 0
        while done < range.count {
            let read = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return false }
            done += read
        }
        return true
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
        close(descriptor)
    }
}
