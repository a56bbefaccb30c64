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
    }

    let heading: String
    let action: String
    let cancelHref: String
    let csrf: String
    let version: Int?
    let fields: [Field]
    let remindersOff: Bool
    let submitLabel: String

    init(_ form: PatronForm, editing patron: Patron? = nil, csrf: String, errors: FieldErrors? = nil) {
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
            Field(name: "notes", label: "Notes", type: "text", value: form.notes ?? "", maxLength: PatronForm.maximumNotesLength, required: false, error: error("notes")),
        ]
        remindersOff = form.remindersOff ?? false
        submitLabel = patron == nil ? "Add the patron" : "Save"
    }
}
