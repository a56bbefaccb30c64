import Foundation
import Hummingbird
import Mustache
import Synchronization

/// The Mustache templates, loaded once at start-up from those built into the code
/// (`Resources/Templates`).
///
/// Every template (`TemplateName`) is checked when the library loads, so a missing or broken
/// template stops the server from starting rather than failing a request later.
///
/// Pages are rendered through `CompiledTemplate`: swift-mustache renders a template once per
/// page shape, with markers where the page's text goes, and each request fills them in.
public struct Templates: Sendable {
    private let library: MustacheLibrary
    private let compiled: CompiledTemplates

    /// The templates, with every `/static/<file>` they name linked at the file's version.
    public static func load(staticFiles: StaticFiles) async throws -> Templates {
        var library = MustacheLibrary()
        for (path, file) in EmbeddedResources.files.sorted(by: { $0.key < $1.key }) where path.hasPrefix("Templates/") && path.hasSuffix(".mustache") {
            let name = String(path.dropFirst("Templates/".count).dropLast(".mustache".count))
            let text = file.text
            try checkForTransforms(text, name: name)
            do {
                try library.register(try staticFiles.linking(text, in: name), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(name: name, reason: "line \(error.context.lineNumber): \(error.error)")
            }
        }
        return try Templates(library: library)
    }

    /// Transforms (`{{uppercased(name)}}`) would run on slot markers rather than on values,
    /// so templates may not use them; a view model formats its text instead.
    static func checkForTransforms(_ text: String, name: String) throws {
        guard let match = text.firstMatch(of: /\{\{[^}]*\(/) else { return }
        let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 1
        throw TemplateError(name: name, reason: "line \(line) uses a transform; compiled pages take values as they are, so format the value in the page struct")
    }

    init(library: MustacheLibrary, requiring required: [TemplateName] = TemplateName.allCases, shapeLimit: Int = 512) throws {
        for name in required where library.getTemplate(named: name.rawValue) == nil {
            throw TemplateError(name: name.rawValue, reason: "no such template")
        }
        self.library = library
        compiled = CompiledTemplates(limit: shapeLimit)
    }

    /// Renders `page` with a template checked at start-up.
    func render(_ page: some Encodable, as name: TemplateName) throws -> [UInt8] {
        let recording = try PageRecording.record(page, buildingProbe: false)
        return try compile(page, as: name, shape: recording.shape).render(recording.slots)
    }

    /// `page` rendered as markup for a bigger page to include.
    func fragment(_ page: some Encodable, as name: TemplateName) throws -> HTMLFragment {
        HTMLFragment(bytes: try render(page, as: name))
    }

    /// Each of `items` rendered with `name`, one after the other.
    func fragment(each items: some Sequence<some Encodable>, as name: TemplateName) throws -> HTMLFragment {
        var html: [UInt8] = []
        let recording = PageRecording(buildsProbe: false)
        // Items of a list mostly share a shape or two; remember the last few compiled ones here.
        var recent: [(shape: [UInt8], template: CompiledTemplate)] = []
        for item in items {
            recording.reset()
            try recording.encode(item, codingPath: [], into: nil)
            let template: CompiledTemplate
            if let known = recent.first(where: { $0.shape == recording.shape }) {
                template = known.template
            } else {
                template = try compile(item, as: name, shape: recording.shape)
                if recent.count < 4 { recent.append((recording.shape, template)) }
            }
            template.render(recording.slots, into: &html)
        }
        return HTMLFragment(bytes: html)
    }

    /// The `<option>`s of a select, one `option.mustache` each.
    func options(_ choices: [Choice]) throws -> HTMLFragment {
        try fragment(each: choices, as: .option)
    }

    /// An HTML response of `page` rendered with `template`.
    func html(_ page: some Encodable, as template: TemplateName, status: HTTPResponse.Status = .ok) throws -> Response {
        Response.html(try render(page, as: template), status: status)
    }

    private func compile(_ page: some Encodable, as name: TemplateName, shape: [UInt8]) throws -> CompiledTemplate {
        let key = CompiledTemplates.Key(template: name, shape: shape)
        if let hit = compiled.lookUp(key) { return hit }
        let probe = try PageRecording.record(page, buildingProbe: true)
        guard let rendered = library.render(probe.probe.mustacheValue as Any, withTemplate: name.rawValue) else {
            throw TemplateError(name: name.rawValue, reason: "no such template")
        }
        let template = try CompiledTemplate.compile(rendered: rendered, slotPaths: probe.paths, template: name.rawValue)
        compiled.store(template, for: key)
        return template
    }
}

/// Compiled templates by page shape. Bounded: a page whose shapes keep changing still renders,
/// it just compiles each time once the limit is reached.
private final class CompiledTemplates: Sendable {
    struct Key: Hashable, Sendable {
        let template: TemplateName
        let shape: [UInt8]
    }

    private let entries = Mutex<[Key: CompiledTemplate]>([:])
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func lookUp(_ key: Key) -> CompiledTemplate? {
        entries.withLock { $0[key] }
    }

    func store(_ template: CompiledTemplate, for key: Key) {
        entries.withLock { entries in
            if entries.count < limit { entries[key] = template }
        }
    }
}
