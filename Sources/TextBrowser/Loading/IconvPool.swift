#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Open iconv converters to UTF-8, kept for reuse. glibc loads a gconv module when a converter is
/// opened and unloads it when the last one closes, so opening one per page cost more than the
/// conversion itself (a profile of the charset fuzz target: most of the time in the dynamic
/// loader). A converter is used by one caller at a time: `withConverter` takes one out of the
/// pool, resets its shift state, and puts it back, keeping at most `perEncoding` of each.
public final class IconvPool: Sendable {
    private struct Converter: @unchecked Sendable {
        let handle: iconv_t
    }

    private let idle = Mutex<[String: [Converter]]>([:])
    private let perEncoding: Int

    public init(perEncoding: Int = 4) {
        self.perEncoding = perEncoding
    }

    deinit {
        idle.withLock { idle in
            for converter in idle.values.joined() { iconv_close(converter.handle) }
        }
    }

    /// Runs `body` with a converter from `encoding` to UTF-8; nil if iconv does not know the encoding.
    func withConverter<Result>(from encoding: String, _ body: (iconv_t) -> Result) -> Result? {
        let reused = idle.withLock { $0[encoding]?.popLast() }
        let converter: Converter
        if let reused {
            converter = reused
            _ = iconv(converter.handle, nil, nil, nil, nil)
        } else {
            let handle = iconv_open("UTF-8", encoding)
            guard let handle, handle != iconv_t(bitPattern: -1) else { return nil }
            converter = Converter(handle: handle)
        }
        let result = body(converter.handle)
        let kept = idle.withLock { idle in
            guard idle[encoding, default: []].count < perEncoding else { return false }
            idle[encoding, default: []].append(converter)
            return true
        }
        if !kept { iconv_close(converter.handle) }
        return result
    }
}
