import Foundation

/// A control of a form as the page sets it: its kind, name and initial value.
public struct FormField: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case text, password, checkbox, radio, select, textarea, hidden, submit
    }

    public struct Option: Sendable, Hashable {
        public var value: String
        public var label: String

        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    public var kind: Kind
    public var name: String
    /// Text fields: the text; checkboxes and radios: the value sent when checked; select: the chosen option's value.
    public var value: String
    public var isChecked: Bool
    public var options: [Option]
    /// The number of the field on the page; hidden fields have none.
    public var number: Int?
    /// Visible width in characters, from `size` or `cols`.
    public var size: Int
    /// A submit button's text, when it is not its value (`<button>Go</button>`).
    public var label: String?

    public init(kind: Kind, name: String, value: String = "", isChecked: Bool = false, options: [Option] = [], number: Int? = nil, size: Int = 20, label: String? = nil) {
        self.kind = kind
        self.name = name
        self.value = value
        self.isChecked = isChecked
        self.options = options
        self.number = number
        self.size = size
        self.label = label
    }

    /// How the field looks on the page: `[text____]`, `[x]`, `(*)`, `[Choice ▾]`, `[Submit]`.
    public var shown: String {
        switch kind {
        case .text, .textarea:
            let text = value.replacingOccurrences(of: "\n", with: " ")
            let visible = String(text.prefix(size))
            return "[" + visible + String(repeating: "_", count: max(size - DisplayWidth.of(visible), 0)) + "]"
        case .password:
            return "[" + String(repeating: "*", count: min(value.count, size)) + String(repeating: "_", count: max(size - value.count, 0)) + "]"
        case .checkbox:
            return isChecked ? "[x]" : "[ ]"
        case .radio:
            return isChecked ? "(*)" : "( )"
        case .select:
            let label = options.first { $0.value == value }?.label ?? "Choose"
            return "[" + label + " ▾]"
        case .submit:
            return "[" + (label ?? (value.isEmpty ? "Submit" : value)) + "]"
        case .hidden:
            return ""
        }
    }
}
