import CoreMetrics
import Foundation
import ListorImaging
import ListorKit
import Tagged

/// Every book's cover, as the seed's app shows them: the one uploaded for it; else, when it has
/// an ISBN, the cover service's; else a placeholder made from its title. And the four colours
/// its page takes from that cover.
///
/// Two image pipelines do the work. `originals` fetches from the cover service (one fetch for
/// many requests; failures not cached); this type's own pipeline keeps what is made from a
/// cover, each size and the colours, in memory and on disk, made once on first request. Only
/// books that exist are looked up, and only the configured service is asked, by ISBN, so the
/// server is no open proxy.
public struct BookCovers: Sendable {
    public let service: CoverService?
    private let library: any LibraryService
    private let originals: ImagePipeline?
    private let derived: ImagePipeline

    /// `originals` fetches the service's covers by URL, with its own size cap and timeouts
    /// (without it, no service is asked); `cache` keeps the sizes made from covers across restarts;
    /// the pipeline of what is made counts into `metrics` as "covers".
    /// Covers are decoded and sizes made by `work` (on a server, threads of their own).
    public init(library: any LibraryService, service: CoverService? = nil, originals: ImagePipeline? = nil, cache: DiskImageCache? = nil,
                memoryLimit: Int = 32 << 20, work: any HeavyWork = InlineWork(), metrics: any MetricsFactory = NOOPMetricsHandler.instance) {
        self.library = library
        self.service = originals == nil ? nil : service
        self.originals = originals
        let maker = CoverMaker(library: library, service: self.service, originals: originals, work: work)
        derived = ImagePipeline(memoryLimit: memoryLimit, disk: cache, name: "covers", metrics: metrics, fetch: { url in try await maker.make(url) })
    }

    /// The book whose cover is asked for; throws `LibraryError.notFound` when there is none, so
    /// that nothing is fetched for a book that does not exist.
    public func book(_ id: Book.ID) async throws -> Book {
        try await library.book(id: id)
    }

    /// The cover of book `id` at `rendition`. Throws `LibraryError.notFound` when there is no such
    /// book; a cover that cannot be had is a picture of the failure, never an error.
    public func picture(of id: Book.ID, _ rendition: CoverRendition) async throws -> CoverPicture {
        try await picture(of: try await library.book(id: id), rendition)
    }

    public func picture(of book: Book, _ rendition: CoverRendition) async throws -> CoverPicture {
        let placeholder = CoverPlaceholder(title: book.title, author: book.author)
        guard let key = key(of: book, rendition.name) else {
            return CoverPicture(bytes: placeholder.bytes, mediaType: "image/svg+xml", source: .placeholder)
        }
        do {
            let bytes = try await derived.image(for: key.url)
            if bytes == CoverMaker.none { return CoverPicture(bytes: placeholder.bytes, mediaType: "image/svg+xml", source: .placeholder) }
            // Once a service's cover is shown its colours are known too, for the book's JSON:
            // taken now from the cover just fetched, not only when a page asks for them.
            if key.source == .service, let colors = self.key(of: book, "colors") { _ = try? await derived.image(for: colors.url) }
            return CoverPicture(bytes: bytes, mediaType: ImageCodec.format(of: bytes)?.mediaType ?? "application/octet-stream", source: key.source)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return CoverPicture(bytes: ImageContent.failureSVG, mediaType: "image/svg+xml", source: .failed("\(error)"))
        }
    }

    /// The colours of the book's cover, taken from it the first time (fetching it if need be)
    /// and cached; the placeholder's when there is no cover or it cannot be had now.
    public func colors(of book: Book) async throws -> CoverColors {
        if let colors = book.coverColors { return colors }
        let placeholder = CoverPlaceholder(title: book.title, author: book.author).colors
        guard let key = key(of: book, "colors") else { return placeholder }
        do {
            return CoverColors(text: String(decoding: try await derived.image(for: key.url), as: UTF8.self)) ?? placeholder
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return placeholder
        }
    }

    /// The colours if they are known without fetching anything: an uploaded cover's, the
    /// placeholder's, or a service cover's once it has been fetched; nil until then.
    public func knownColors(of book: Book) async -> CoverColors? {
        if let colors = book.coverColors { return colors }
        let placeholder = CoverPlaceholder(title: book.title, author: book.author).colors
        guard let key = key(of: book, "colors") else { return placeholder }
        guard let bytes = await derived.cachedImage(for: key.url) else { return nil }
        return CoverColors(text: String(decoding: bytes, as: UTF8.self)) ?? placeholder
    }

    /// What the pipelines have done: covers fetched from the service, and sizes made.
    public var counters: (service: ImagePipeline.Counters, made: ImagePipeline.Counters) {
        get async { (await originals?.counters ?? ImagePipeline.Counters(), await derived.counters) }
    }

    /// The cache key of what is made from the book's cover, and where the cover comes from; nil
    /// for a placeholder. An uploaded cover's key has the book's version, which a new cover
    /// changes; a service cover's has the ISBN and the service, which an edit may change.
    private func key(of book: Book, _ name: String) -> (url: URL, source: CoverPicture.Source)? {
        if book.hasCover, let url = URL(string: "listor-cover://uploaded/\(book.id)/\(book.version)/\(name)") { return (url, .uploaded) }
        guard let service, let isbn = book.isbn, service.url(isbn: isbn) != nil else { return nil }
        var components = URLComponents()
        components.scheme = "listor-cover"
        components.host = "isbn"
        components.path = "/\(isbn)/\(name)"
        components.queryItems = [URLQueryItem(name: "service", value: service.template)]
        return components.url.map { ($0, .service) }
    }
}

/// Makes what `BookCovers` caches from a key: a size of a cover, or its colours as text.
private struct CoverMaker: Sendable {
    /// What is cached when the service has no cover for an ISBN, so that it is not asked again.
    static let none = CoverService.noCover

    let library: any LibraryService
    let service: CoverService?
    let originals: ImagePipeline?
    let work: any HeavyWork

    func make(_ key: URL) async throws -> [UInt8] {
        let parts = key.path.split(separator: "/").map(String.init)
        guard let name = parts.last else { throw CoverError("\(key) names no cover") }
        let original: [UInt8]
        var colors: CoverColors?
        switch key.host {
        case "uploaded":
            guard parts.count == 3, let raw = Int64(parts[0]) else { throw CoverError("\(key) names no book") }
            let id = Book.ID(rawValue: raw)
            guard let stored = try await library.cover(of: id) else { throw CoverError("book \(id) has no uploaded cover any more") }
            original = stored.bytes
            colors = stored.colors
        case "isbn":
            guard parts.count == 2, let service, let originals, let url = service.url(isbn: parts[0]) else { throw CoverError("\(key) names no cover of the service") }
            original = try await originals.image(for: url)
            if original == CoverService.noCover { return Self.none }
            guard ImageCodec.format(of: original) != nil else {
                throw CoverError("\(url.absoluteString) sent something that is not a JPEG or PNG picture (\(original.count) bytes)")
            }
        default:
            throw CoverError("\(key) names no cover")
        }
        let known = colors
        return try await work.run { Result { () throws(CoverError) in try Self.made(name, from: original, colors: known) } }.get()
    }

    /// The size or the colours `name` asks for, decoded from `original` and encoded again.
    private static func made(_ name: String, from original: [UInt8], colors: CoverColors?) throws(CoverError) -> [UInt8] {
        let image: RasterImage
        do { image = try ImageCodec.decode(original) } catch { throw CoverError("the cover \(error)") }
        if name == "colors" { return Array((colors ?? CoverColors(of: image)).text.utf8) }
        guard let rendition = CoverRendition(name: name) else { throw CoverError("\(name) is no size of a cover") }
        let fitted = image.fitting(width: rendition.pixels.width, height: rendition.pixels.height)
        // A cover already small enough is served as it came.
        if fitted == image { return original }
        do {
            return ImageCodec.format(of: original) == .png ? try ImageCodec.png(fitted) : try ImageCodec.jpeg(fitted, quality: 85)
        } catch {
            throw CoverError("the cover \(error)")
        }
    }
}
