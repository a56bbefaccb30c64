import Foundation

/// The site's own files under `/static` (its stylesheet and scripts), each with a version made
/// from its content. Templates name them plainly, `/static/listor.css`, and are loaded with
/// `/static/listor.css?v=<16 hex digits>` instead; so a page always asks for the file it was
/// made with, and a browser may keep that address for a year without asking again
/// (`immutable`). Unversioned or outdated addresses are served too, but revalidated every time.
public struct StaticFiles: Sendable {
    /// What `Cache-Control` says for a file asked for at its current version.
    static let foreverCacheControl = "public, max-age=31536000, immutable"
    /// For any other address of a file: keep it, but ask with its `ETag` before using it.
    static let revalidateCacheControl = "no-cache"

    public let folder: String
    /// By file name ("listor.css"): the version of its content.
    let versions: [String: String]
    /// By file name: its size in bytes.
    let sizes: [String: Int]

    /// The files built into the web front end.
    public static func bundled() throws -> StaticFiles {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Public").path else {
            throw TemplateError(name: "Public", reason: "the static files are missing from the build")
        }
        return try StaticFiles(folder: folder)
    }

    /// Reads every file in `folder` (not its subfolders: there are none).
    public init(folder: String) throws {
        self.folder = folder
        var versions: [String: String] = [:]
        var sizes: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            versions[name] = ContentTag.digits(of: Array(data))
            sizes[name] = data.count
        }
        self.versions = versions
        self.sizes = sizes
    }

    /// The address of `name` at its current version; nil for a file there is not.
    func address(of name: String) -> String? {
        versions[name].map { "/static/\(name)?v=\($0)" }
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
        return versions[String(path.dropFirst("/static/".count))] == version
    }

    /// The size of the file at `path` ("/static/listor.css"); nil for a file there is not.
    func size(ofFileAt path: String) -> Int? {
        guard path.hasPrefix("/static/") else { return nil }
        return sizes[String(path.dropFirst("/static/".count))]
    }
}
