import Foundation
import Hummingbird
import ListorKit
import Mustache
import Synchronization

/// The Mustache templates, loaded once at start-up from the module's resources.
///
/// Every template a page names is checked when the library loads, so a missing or broken
/// template stops the server from starting rather than failing a request later.
///
/// swift-mustache renders the page structs as they are. Every `{{…}}` is escaped by bytes
/// (`HTMLEscaping`, through the `LISTOR_HTML` content type each template is given): swift-mustache's
/// own escaper goes by character, and a quote followed by a combining mark is one character that
/// is not a quote. Only `HTMLFragment`s go in unescaped, through `{{{…}}}`.
public struct Templates: Sendable {
    private let library: MustacheLibrary

    /// Templates every build must have; app modules render only these.
    static let required = ["layout", "home", "error", "option", "transistors/browser", "transistors/row", "modbus/sheet", "modbus/row",
                                   "library/list", "library/detail", "library/form", "library/delete", "library/borrower", "library/sign-in",
                                   "stella/departments", "stella/products", "stella/product",
                                   "browser/hosts", "browser/host", "browser/read"]

    /// The templates, with every `/static/<file>` they name linked at the file's version.
    public static func load(staticFiles: StaticFiles) async throws -> Templates {
        guard let directory = Bundle.module.resourceURL?.appendingPathComponent("Templates").path else {
            throw TemplateError(name: "Templates", reason: "the template folder is missing from the build")
        }
        var library = MustacheLibrary()
        let paths = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        for path in paths.sorted() where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let text = try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
            do {
                try register(try staticFiles.linking(text, in: name), named: name, in: &library)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(name: name, reason: "line \(error.context.lineNumber): \(error.error)")
            }
        }
        return try Templates(library: library)
    }

    /// `text` as the template `name` of `library`, its `{{…}}` escaped by bytes.
    static func register(_ text: String, named name: String, in library: inout MustacheLibrary) throws {
        MustacheContentTypes.register(ByteEscapedHTML(), named: ByteEscapedHTML.name)
        try library.register("{{% CONTENT_TYPE: \(ByteEscapedHTML.name)}}" + text, named: name)
    }

    init(library: MustacheLibrary, requiring required: [String] = Self.required) throws {
        for name in required where library.getTemplate(named: name) == nil {
            throw TemplateError(name: name, reason: "no such template")
        }
        self.library = library
    }

    /// Renders `page` with a template checked at start-up.
    func render(_ page: some Encodable, as name: String) throws -> [UInt8] {
        guard let text = library.render(page, withTemplate: name) else { throw TemplateError(name: name, reason: "no such template") }
        return Array(text.utf8)
    }

    /// `page` rendered as markup for a bigger page to include.
    func fragment(_ page: some Encodable, as name: String) throws -> HTMLFragment {
        HTMLFragment(bytes: try render(page, as: name))
    }

    /// Each of `items` rendered with `name`, one after the other.
    func fragment(each items: some Sequence<some Encodable>, as name: String) throws -> HTMLFragment {
        var html: [UInt8] = []
        for item in items { html += try render(item, as: name) }
        return HTMLFragment(bytes: html)
    }

    /// The `<option>`s of a select, one `option.mustache` each.
    func options(_ choices: [Choice]) throws -> HTMLFragment {
        try fragment(each: choices, as: "option")
    }

    /// An HTML response of `page` rendered with `template`.
    func html(_ page: some Encodable, as template: String, status: HTTPResponse.Status = .ok) throws -> Response {
        Response.html(try render(page, as: template), status: status)
    }
}

/// HTML escaped by bytes, as `HTMLEscaping` escapes it.
private struct ByteEscapedHTML: MustacheContentType {
    static let name = "LISTOR_HTML"

    func escapeText(_ text: String) -> String { text.xmlEscaped }
}
