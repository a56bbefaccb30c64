import Foundation
import Hummingbird
import Mustache

/// The Mustache templates, loaded once at start-up from the module's resources.
///
/// Every template a page names is checked when the library loads, so a missing or broken
/// template stops the server from starting rather than failing a request later.
public struct Templates: Sendable {
    private let library: MustacheLibrary

    /// Templates every build must have; app modules render only these.
    static let required = ["layout", "home", "error", "transistors/browser"]

    public static func load() async throws -> Templates {
        guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Templates").path else {
            throw TemplateError(name: "Templates", reason: "the template folder is missing from the build")
        }
        return try Templates(library: try await MustacheLibrary(directory: directory))
    }

    init(library: MustacheLibrary) throws {
        for name in Self.required where library.getTemplate(named: name) == nil {
            throw TemplateError(name: name, reason: "no such template")
        }
        self.library = library
    }

    /// Renders `page` with a template checked at start-up.
    func render(_ page: some Encodable, as name: String) throws -> String {
        guard let html = library.render(page, withTemplate: name) else {
            throw TemplateError(name: name, reason: "no such template")
        }
        return html
    }

    /// An HTML response of `page` rendered with `template`.
    func html(_ page: some Encodable, as template: String, status: HTTPResponse.Status = .ok) throws -> Response {
        Response.html(try render(page, as: template), status: status)
    }
}

/// A template that could not be loaded or used.
public struct TemplateError: Error, CustomStringConvertible {
    public let name: String
    public let reason: String
    public var description: String { "template \(name): \(reason)" }
}

extension Response {
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ value: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: value)))
    }
}
