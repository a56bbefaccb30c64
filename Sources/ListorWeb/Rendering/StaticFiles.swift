import Foundation
import Hummingbird
import NIOCore

/// The site's own files under `/static` (its stylesheet and scripts), each with a version made
/// from its content. Templates name them plainly, `/static/listor.css`, and are loaded with
/// `/static/listor.css?v=<16 hex digits>` instead; so a page always asks for the file it was
/// made with, and a browser may keep that address for a year without asking again
/// (`immutable`). Unversioned or outdated addresses are served too, but revalidated every time.
public struct StaticFiles: Sendable, FileProvider {
    /// What `Cache-Control` says for a file asked for at its current version.
    static let foreverCacheControl = "public, max-age=31536000, immutable"
    /// For any other address of a file: keep it, but ask with its `ETag` before using it.
    static let revalidateCacheControl = "no-cache"

    /// One file, as `FileMiddleware` asks about it.
    public struct File: Sendable, FileMiddlewareFileAttributes {
        public var isFolder: Bool { false }
        public var size: Int { bytes.readableBytes }
        public let modificationDate: Date
        let bytes: ByteBuffer
        /// The version of its content.
        let version: String
    }

    /// By file name ("listor.css").
    let files: [String: File]

    /// The files built into the web front end (`Resources/Public`).
    public static func bundled() -> StaticFiles {
        var files: [String: File] = [:]
        for (path, file) in EmbeddedResources.files where path.hasPrefix("Public/") {
            let bytes = Array(file.text.utf8)
            files[String(path.dropFirst("Public/".count))] = File(
                modificationDate: Date(timeIntervalSince1970: Double(file.modified)), bytes: ByteBuffer(bytes: bytes), version: ContentTag.digits(of: bytes))
        }
        return StaticFiles(files: files)
    }

    // MARK: FileProvider, for FileMiddleware (its ETag, Last-Modified, 304s and ranges)

    public func getFileIdentifier(_ path: String) -> String? {
        path.first == "/" ? String(path.dropFirst()) : path
    }

    public func getAttributes(id: String) async throws -> File? {
        files[id]
    }

    public func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        guard let file = files[id] else { throw HTTPError(.notFound) }
        return ResponseBody(byteBuffer: file.bytes)
    }

    public func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        guard let file = files[id], let slice = file.bytes.getSlice(at: range.lowerBound, length: range.count) else { throw HTTPError(.rangeNotSatisfiable) }
        return ResponseBody(byteBuffer: slice)
    }

    /// The address of `name` at its current version; nil for a file there is not.
    func address(of name: String) -> String? {
        files[name].map { "/static/\(name)?v=\($0.version)" }
    }

    /// `text` (a template named `template`) with every `/static/<file>` made the versioned
    /// address. Throws for a file the folder does not have, so that a page linking a missing
    /// script stops the server at start-up rather than failing in a browser.
    func linking(_ text: String, in template: String) throws -> String {
        var unknown: String?
        let linked = text.replacing(/\/static\/([A-Za-z0-9._-]+)/) { match in
            let name = String(match.output.1)
            guard let address = address(of: name) else {
                unknown = unknown ?? name
                return String(match.output.0)
            }
            return address
        }
        if let unknown { throw TemplateError(name: template, reason: "links /static/\(unknown), which is not among the static files") }
        return linked
    }

    /// Whether `version` is the current version of the file at `path` ("/static/listor.css").
    func isCurrent(_ path: String, version: String) -> Bool {
        guard path.hasPrefix("/static/") else { return false }
        return files[String(path.dropFirst("/static/".count))]?.version == version
    }

    /// The size of the file at `path` ("/static/listor.css"); nil for a file there is not.
    func size(ofFileAt path: String) -> Int? {
        guard path.hasPrefix("/static/") else { return nil }
        return files[String(path.dropFirst("/static/".count))]?.size
    }
}
