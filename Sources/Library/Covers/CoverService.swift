import Foundation
import ListorImaging
import ListorKit

/// Where covers come from for books that have an ISBN and no uploaded cover: a URL template
/// with `{isbn}` in it (Open Library's by default), or none at all. Only this service is ever
/// asked, and only for books that exist, so the server that uses it is not an open proxy.
public struct CoverService: Sendable, Hashable {
    /// `https://covers.openlibrary.org/b/isbn/{isbn}-M.jpg?default=false`: a 404 rather than a
    /// blank picture when Open Library has no cover.
    public static let openLibrary = CoverService(uncheckedTemplate: "https://covers.openlibrary.org/b/isbn/{isbn}-M.jpg?default=false")

    public let template: String

    private init(uncheckedTemplate template: String) {
        self.template = template
    }

    /// The service `text` names: a template, or nil for `none`. Throws naming what is wrong: a
    /// template must be an http or https URL with `{isbn}` in it.
    public static func parse(_ text: String) throws(CoverServiceError) -> CoverService? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "none" { return nil }
        guard trimmed.contains("{isbn}") else { throw CoverServiceError("\"\(text)\" has no {isbn} for the book's ISBN") }
        guard let url = URL(string: trimmed.replacingOccurrences(of: "{isbn}", with: "9780441172719")),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw CoverServiceError("\"\(text)\" is not an http or https URL")
        }
        return CoverService(uncheckedTemplate: trimmed)
    }

    /// The cover's address for `isbn`, which holds digits and perhaps a final X only.
    public func url(isbn: String) -> URL? {
        guard !isbn.isEmpty, isbn.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "X") }) else { return nil }
        return URL(string: template.replacingOccurrences(of: "{isbn}", with: isbn))
    }

    /// What the fetch gives when the service has no cover for an ISBN (a 404 or a 410), so that
    /// the pipeline keeps that answer as it keeps a cover, and the service is not asked again.
    public static let noCover = Array("listor:no-cover".utf8)

    /// The image pipeline's fetch for covers over `transport`, within `limits`: a 404 is the
    /// service saying it has no cover (`noCover`), which a page shows as the placeholder. What is not a JPEG or PNG of at most `maximumPixels`, by its header, is a
    /// failure, so that the pipeline does not keep it.
    public static func fetch(_ transport: HTTPTransport, limits: HTTPLimits, maximumPixels: Int = ImageCodec.defaultMaximumPixels) -> ImagePipeline.Fetch {
        { url in
            let response = try await transport.send(HTTPRequestMessage(url: url, headers: ["Accept": "image/jpeg, image/png"]), limits)
            if response.status == 404 || response.status == 410 { return noCover }
            guard (200...299).contains(response.status) else { throw NetworkError.badStatus(url: url, status: response.status) }
            let bytes = Array(response.body)
            let header: (format: ImageCodec.Format, width: Int, height: Int)
            do throws(ImageCodecError) { header = try ImageCodec.header(of: bytes) } catch {
                guard error == .notAnImage else { throw CoverError("\(url.absoluteString): \(error)") }
                throw CoverError("\(url.absoluteString) sent something that is not a JPEG or PNG picture (\(bytes.count) bytes)")
            }
            guard header.width * header.height <= maximumPixels else {
                throw CoverError("\(url.absoluteString): the \(header.format.rawValue.uppercased()) is too large: \(header.width) × \(header.height) pixels is more than the \(maximumPixels) allowed")
            }
            return bytes
        }
    }
}
