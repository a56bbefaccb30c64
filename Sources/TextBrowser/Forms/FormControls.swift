import Foundation

/// The controls of a form as the page sets them, read from the document by `PageWalk`: a field
/// the form sends, or an inert control (reset, file, a plain button) as its label.
enum FormControls {
    /// An `<input>`; `width` bounds a text field's size.
    static func input(_ node: Int, in document: HTMLDocument, width: Int) -> PageElement {
        let type = document.attribute("type", of: node)?.lowercased() ?? "text"
        let name = document.attribute("name", of: node) ?? ""
        let value = document.attribute("value", of: node)
        let size = min(max(Int(document.attribute("size", of: node) ?? "") ?? 20, 1), max(width / 2, 10))
        switch type {
        case "hidden":
            return .field(FormField(kind: .hidden, name: name, value: value ?? ""), place: nil)
        case "checkbox", "radio":
            return .field(FormField(kind: type == "radio" ? .radio : .checkbox, name: name, value: value ?? "on", isChecked: document.hasAttribute("checked", of: node)), place: nil)
        case "submit", "image":
            return .field(FormField(kind: .submit, name: name, value: value ?? "", label: value ?? document.attribute("alt", of: node) ?? "Submit"), place: nil)
        case "password":
            return .field(FormField(kind: .password, name: name, value: value ?? "", size: size), place: nil)
        case "reset", "button", "file", "color", "range":
            return .inert(value ?? (type == "file" ? "file" : type.capitalized))
        default:
            return .field(FormField(kind: .text, name: name, value: value ?? "", size: size), place: nil)
        }
    }

    /// A `<select>` with its options, the selected one (or the first) as its value.
    static func select(_ node: Int, in document: HTMLDocument) -> FormField {
        var options: [FormField.Option] = []
        var selected: String?
        var stack = [node]
        while let current = stack.popLast() {
            if let option = document.element(at: current), option.tag == .option {
                let label = option[attribute: "label"] ?? document.text(of: current).collapsingHTMLWhitespace()
                let value = option[attribute: "value"] ?? label
                options.append(FormField.Option(value: value, label: label))
                if option.has("selected") { selected = value }
                continue
            }
            stack.append(contentsOf: document.children(of: current).reversed())
        }
        return FormField(kind: .select, name: document.attribute("name", of: node) ?? "", value: selected ?? options.first?.value ?? "", options: options)
    }

    /// A `<textarea>` with its text, less the newline that may follow the start tag.
    static func textarea(_ node: Int, in document: HTMLDocument, width: Int) -> FormField {
        var text = ""
        for child in document.children(of: node) {
            if let piece = document.text(at: child) { text += piece }
        }
        if text.first == "\n" { text.removeFirst() }
        let columns = min(max(Int(document.attribute("cols", of: node) ?? "") ?? 40, 1), max(width - 10, 10))
        return FormField(kind: .textarea, name: document.attribute("name", of: node) ?? "", value: text, size: columns)
    }

    /// A `<button>`: a submit button unless its type says otherwise.
    static func button(_ node: Int, in document: HTMLDocument) -> PageElement {
        let label = document.text(of: node).collapsingHTMLWhitespace()
        let type = document.attribute("type", of: node)?.lowercased() ?? "submit"
        guard type == "submit" else { return .inert(label) }
        return .field(FormField(kind: .submit, name: document.attribute("name", of: node) ?? "", value: document.attribute("value", of: node) ?? "",
                                label: label.isEmpty ? "Submit" : label), place: nil)
    }
}
