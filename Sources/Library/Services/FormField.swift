import ListorKit

/// A text field of one of the library's forms, checked as all of them are: trimmed, required or
/// not, bounded in length, and free of hidden characters; each problem is added to `errors`.
enum FormField {
    static func text(_ value: String, _ field: String, required: Bool, limit: Int, errors: inout [FieldError]) -> String? {
        let trimmed = value.trimmed()
        if trimmed.isEmpty {
            if required { errors.append(FieldError(field: field, message: "is required")) }
            return nil
        }
        if trimmed.count > limit {
            errors.append(FieldError(field: field, message: "is \(trimmed.count) characters long; the limit is \(limit)"))
            return nil
        }
        if let hidden = HiddenCharacter.first(in: trimmed) {
            errors.append(FieldError(field: field, message: hidden.description))
            return nil
        }
        return trimmed
    }
}
