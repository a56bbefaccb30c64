import ArgumentParser
import Foundation
import ListorKit
import Stella

/// The options of `listor serve` for Stella's pictures: where they come from, and how much of
/// them the data directory keeps.
struct ServeStellaOptions: ParsableArguments {
    @Option(name: .customLong("stella-image-origin"),
            help: ArgumentHelp("Fetch product pictures from this server (a CDN, or another listor serve), which has them under its path at /stella/images/… (default: draw them here).", valueName: "url"))
    var imageOrigin: String?
    @Option(name: .customLong("image-cache-size"), help: ArgumentHelp("Megabytes of pictures kept in the data directory (1 to 100000).", valueName: "MB"))
    var imageCacheSize = 256
    @Option(name: .customLong("image-cache-days"), help: ArgumentHelp("Days a kept picture stays valid (1 to 365).", valueName: "days"))
    var imageCacheDays = 7

    func validate() throws {
        _ = try origin
        guard (1...100_000).contains(imageCacheSize) else { throw ValidationError("--image-cache-size: \(imageCacheSize) is outside 1 to 100000 MB") }
        guard (1...365).contains(imageCacheDays) else { throw ValidationError("--image-cache-days: \(imageCacheDays) is outside 1 to 365") }
    }

    var origin: URL? {
        get throws {
            guard let imageOrigin else { return nil }
            guard let url = URL(string: imageOrigin), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  url.host?.isEmpty == false else {
                throw ValidationError("--stella-image-origin: \"\(imageOrigin)\" is not an http or https URL, e.g. http://127.0.0.1:8080")
            }
            return url
        }
    }

    /// The disk cache for `serve`, in `dataDirectory`/image-cache.
    func diskCache(dataDirectory: String) throws -> DiskImageCache {
        try DiskImageCache(directory: URL(fileURLWithPath: dataDirectory).appendingPathComponent("image-cache"),
                           limit: imageCacheSize << 20, maximumAge: TimeInterval(imageCacheDays * 86400))
    }

    /// The pictures for `serve`: drawn here, or fetched from the origin over `transport`.
    func pictures(disk: DiskImageCache, transport: HTTPTransport) -> ProductPictures {
        if let origin = try? origin {
            return ProductPictures(catalogue: .bundled, origin: origin, transport: transport, disk: disk)
        }
        return ProductPictures(drawingFrom: .bundled, disk: disk)
    }
}

extension ImagePipeline.Counters {
    /// "Pictures: 120 from memory, 3 from disk, 5 fetched (0 failed)".
    var summary: String {
        "Pictures: \(memoryHits) from memory, \(diskHits) from disk, \(fetches) fetched (\(failures) failed)"
    }
}
