import Library
import ListorKit

/// What `library/patron-form.mustache` shows: a new patron's form, or a patron's to edit, each
/// problem beside its field.
struct PatronFormPage: Encodable {
    struct Field: Encodable {
        let name: String
        let label: String
        let type: String
        let value: String
        let maxLength: Int
        let required: Bool
        let error: String?
        let hint: String?
        /// A text of lines (an address).
        let isMultiline: Bool
        /// The choices of a select; none for a text field.
        let options: [Choice]
        let hasOptions: Bool
        let isInput: Bool

        init(name: String, label: String, type: String = "text", value: String, maxLength: Int, required: Bool = false, error: String?,
             hint: String? = nil, isMultiline: Bool = false, options: [Choice] = []) {
            self.name = name
            self.label = label
            self.type = type
            self.value = value
            self.maxLength = maxLength
            self.required = required
            self.error = error
            self.hint = hint
            self.isMultiline = isMultiline
            self.options = options
            hasOptions = !options.isEmpty
            isInput = !isMultiline && options.isEmpty
        }
    }

    struct Choice: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    let heading: String
    let action: String
    let cancelHref: String
    let csrf: String
    let version: Int?
    let fields: [Field]
    let remindersOff: Bool
    let submitLabel: String

    /// The form; a category is chosen among `categories` (and the patron's own, if the library
    /// gave it up), and typed when the library's are not known (a remote server's).
    init(_ form: PatronForm, editing patron: Patron? = nil, categories: [PatronCategory], csrf: String, errors: FieldErrors? = nil) {
        heading = patron.map { "Edit \($0.name)" } ?? "Add a patron"
        action = patron.map { "/library/patrons/\($0.id)" } ?? "/library/patrons"
        cancelHref = patron.map { "/library/patrons/\($0.id)" } ?? "/library/patrons"
        self.csrf = csrf
        version = patron?.version
        func error(_ field: String) -> String? { errors?.errors.first { $0.field == field }?.message }
        fields = [
            Field(name: "name", label: "Name", type: "text", value: form.name ?? "", maxLength: PatronForm.maximumNameLength, required: true, error: error("name")),
            Field(name: "card", label: "Card number", type: "text", value: form.card ?? "", maxLength: PatronForm.maximumCardLength, required: false, error: error("card")),
            Field(name: "email", label: "Email", type: "email", value: form.email ?? "", maxLength: 254, required: false, error: error("email")),
            Field(name: "phone", label: "Phone", type: "tel", value: form.phone ?? "", maxLength: 40, required: false, error: error("phone")),
        ] + Self.categoryField(form.category ?? "", categories: categories, error: error("category")) + [
            Field(name: "address", label: "Postal address", value: form.address ?? "", maxLength: 1000, error: error("address"),
                  hint: "For printed letters, posted in a window envelope: up to \(PatronForm.maximumAddressLines) lines.", isMultiline: true),
            Field(name: "notes", label: "Notes", type: "text", value: form.notes ?? "", maxLength: PatronForm.maximumNotesLength, required: false, error: error("notes")),
        ]
        remindersOff = form.remindersOff ?? false
        submitLabel = patron == nil ? "Add the patron" : "Save"
    }

    /// A select of the library's categories; none when it has none and the patron none either.
    private static func categoryField(_ value: String, categories: [PatronCategory], error: String?) -> [Field] {
        guard !categories.isEmpty || !value.isEmpty || error != nil else { return [] }
        let names = categories.map(\.name) + (value.isEmpty || categories.contains { $0.name.lowercased() == value.lowercased() } ? [] : [value])
        let choices = [Choice(value: "", label: categories.isEmpty ? "—" : "None: the library's own rules", selected: value.isEmpty)] + names.map { name in
            let rules = categories.first { $0.name == name }.map { " (\($0.rules))" } ?? ""
            return Choice(value: name, label: name + rules, selected: name.lowercased() == value.lowercased())
        }
        return [Field(name: "category", label: "Category", value: value, maxLength: PatronCategory.maximumNameLength, error: error,
                      hint: "Its loan rules are the patron's.", options: categories.isEmpty ? [] : choices)]
    }
}
