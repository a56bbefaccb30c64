import Foundation

/// A page as the reader sees it: its lines, links and form fields (with what the reader has
/// typed), and the facts `=` shows: URL, title, status, character set, size.
public struct PageViewModel: Sendable {
    public let resource: LoadedResourceSummary
    public private(set) var page: RenderedPage
    public private(set) var charset: CharsetDetector.Detection
    /// The first line in view, kept so that going back returns to the same place.
    public var topLine = 0
    /// The columns it is laid out in.
    public let width: Int
    /// The bytes it was read from, to lay it out again in another width.
    private let body: [UInt8]

    public struct LoadedResourceSummary: Sendable, Hashable {
        public var url: URL
        public var status: Int
        public var contentType: String?
        public var size: Int
        public var redirects: [URL]
    }

    public init(resource: LoadedResource, read: PageReader.Result) {
        self.resource = LoadedResourceSummary(url: resource.url, status: resource.status, contentType: resource.contentType,
                                              size: resource.body.count, redirects: resource.redirects)
        page = read.page
        charset = read.charset
        width = read.width
        body = resource.body
    }

    /// The page laid out again by `reader` (in the terminal's new width), in the character set
    /// it was read in, with what the reader typed into its fields and about where they were.
    public func relaid(by reader: PageReader) -> PageViewModel {
        let loaded = LoadedResource(url: resource.url, status: resource.status, contentType: resource.contentType, body: body, redirects: resource.redirects)
        var relaid = PageViewModel(resource: loaded, read: reader.read(body, contentType: resource.contentType, url: resource.url, charset: charset.charset))
        relaid.charset = charset
        for (form, fields) in page.forms.map(\.fields).enumerated() where relaid.page.forms.indices.contains(form) {
            for (index, field) in fields.enumerated() where relaid.page.forms[form].fields.indices.contains(index) {
                guard let number = field.number, relaid.page.forms[form].fields[index] != field else { continue }
                _ = relaid.update(number) { $0 = field; return true }
            }
        }
        relaid.topLine = lines.isEmpty ? 0 : min(topLine * relaid.lines.count / lines.count, max(relaid.lines.count - 1, 0))
        return relaid
    }

    public var url: URL { resource.url }
    public var title: String { page.title ?? url.absoluteString }
    public var lines: [String] { page.lines }

    /// What `=` shows, as label and value.
    public var info: [(label: String, value: String)] {
        var facts: [(String, String)] = [
            ("URL", url.absoluteString),
            ("Title", page.title ?? "(none)"),
            ("Status", "\(resource.status)"),
            ("Type", resource.contentType ?? "(not given)"),
            ("Charset", "\(charset.charset.name) (from the \(charset.source.rawValue))"),
            ("Size", "\(resource.size) bytes, \(page.lines.count) lines, \(page.links.count) links"),
        ]
        if !resource.redirects.isEmpty {
            facts.append(("Redirected from", resource.redirects.map(\.absoluteString).joined(separator: " → ")))
        }
        return facts
    }

    // MARK: - Searching and jumping

    /// A line found by `find(_:after:)`, and whether the search went past the last line and
    /// round to the top to find it.
    public struct Found: Sendable, Hashable {
        public var line: Int
        public var wrapped: Bool
    }

    /// The first line after `line` (wrapping round to the top) that contains `text`, ignoring case.
    public func find(_ text: String, after line: Int) -> Found? {
        guard !text.isEmpty, !page.lines.isEmpty else { return nil }
        let count = page.lines.count
        for offset in 1...count where !Self.matches(of: text, in: page.lines[(line + offset) % count]).isEmpty {
            return Found(line: (line + offset) % count, wrapped: line + offset >= count)
        }
        return nil
    }

    /// Where `text` is in `line`, as `find(_:after:)` matches it (ignoring case and accents),
    /// for a view to highlight.
    public static func matches(of text: String, in line: String) -> [Range<String.Index>] {
        guard !text.isEmpty else { return [] }
        var ranges: [Range<String.Index>] = []
        var start = line.startIndex
        while start < line.endIndex, let range = line.range(of: text, options: [.caseInsensitive, .diacriticInsensitive], range: start..<line.endIndex) {
            ranges.append(range)
            start = range.isEmpty ? line.index(after: range.lowerBound) : range.upperBound
        }
        return ranges
    }

    /// The line a `#fragment` of this page points at, when `url` is this page with a fragment.
    public func fragmentLine(for url: URL) -> Int? {
        guard let fragment = url.fragment, url.removingFragment == self.url.removingFragment else { return nil }
        let name = fragment.removingPercentEncoding ?? fragment
        return page.fragments[name] ?? (name.isEmpty || name.lowercased() == "top" ? 0 : nil)
    }

    // MARK: - Form fields

    /// The field numbered `number`, with the reader's value.
    public func field(_ number: Int) -> FormField? {
        guard case .field(let form, let index)? = page.anchor(number)?.kind else { return nil }
        return page.forms[form].fields[index]
    }

    /// Types `text` into a text field, a password or a text area.
    public mutating func setText(_ text: String, field number: Int) -> Bool {
        update(number) { field in
            guard [.text, .password, .textarea].contains(field.kind) else { return false }
            field.value = String(text.prefix(100_000))
            return true
        }
    }

    /// Ticks or clears a checkbox; selects a radio button (clearing the others of its group).
    public mutating func toggle(field number: Int) -> Bool {
        guard case .field(let form, let index)? = page.anchor(number)?.kind else { return false }
        let field = page.forms[form].fields[index]
        switch field.kind {
        case .checkbox:
            return update(number) { $0.isChecked.toggle(); return true }
        case .radio:
            for (other, each) in page.forms[form].fields.enumerated() where each.kind == .radio && each.name == field.name && other != index && each.isChecked {
                if let otherNumber = each.number { _ = update(otherNumber) { $0.isChecked = false; return true } }
            }
            return update(number) { $0.isChecked = true; return true }
        default:
            return false
        }
    }

    /// Chooses an option of a select by its number (from 1), label or value.
    public mutating func choose(_ choice: String, field number: Int) -> Bool {
        update(number) { field in
            guard field.kind == .select else { return false }
            let trimmed = choice.trimmingCharacters(in: .whitespaces)
            let option = Int(trimmed).flatMap { field.options.indices.contains($0 - 1) ? field.options[$0 - 1] : nil }
                ?? field.options.first { $0.label.caseInsensitiveCompare(trimmed) == .orderedSame || $0.value == trimmed }
            guard let option else { return false }
            field.value = option.value
            return true
        }
    }

    /// The request that submitting the form of field `number` makes: pressing it when it is a
    /// button, Enter in it otherwise. Nil when `number` is not a field.
    public func submission(field number: Int) -> PageRequest? {
        guard case .field(let form, let index)? = page.anchor(number)?.kind else { return nil }
        let fields = page.forms[form].fields
        return FormSubmission.request(for: page.forms[form], fields: fields, submitter: fields[index].kind == .submit ? index : nil)
    }

    /// Changes a field, and its look on the page where it stands.
    private mutating func update(_ number: Int, _ change: (inout FormField) -> Bool) -> Bool {
        guard let anchor = page.anchor(number), case .field(let form, let index) = anchor.kind else { return false }
        var field = page.forms[form].fields[index]
        let before = field.shown
        guard change(&field) else { return false }
        page.forms[form].fields[index] = field
        let line = anchor.line
        guard page.lines.indices.contains(line) else { return true }
        let marker = "[\(number)]"
        if let range = page.lines[line].range(of: marker + before) {
            page.lines[line].replaceSubrange(range, with: marker + field.shown)
        }
        return true
    }
}
