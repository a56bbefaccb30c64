import Foundation

/// A person's text as every app stores it: trimmed, required or not, bounded in length, free of
/// hidden characters (control, bidirectional and invisible ones, which could forge lines in a
/// terminal or reorder what an owner reads), each problem added to `errors` beside its field.
/// The one rule for stored text, the library's first.
public enum TextInput {
    /// The checked text, or nil (empty, or refused with a problem in `errors`). A `multiline`
    /// text (an address) keeps its line breaks, written "\n"; nothing else hidden is allowed.
    public static func text(_ value: String, _ field: String, required: Bool, limit: Int, multiline: Bool = false, missing: String = "is required",
                            errors: inout [FieldError]) -> String? {
        var trimmed = value.trimmed()
        if multiline {
            trimmed = trimmed.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).trimmed() }.joined(separator: "\n")
        }
        if trimmed.isEmpty {
            if required { errors.append(FieldError(field: field, message: missing)) }
            return nil
        }
        if trimmed.count > limit {
            errors.append(FieldError(field: field, message: "is \(trimmed.count) characters long; the limit is \(limit)"))
            return nil
        }
        let checked = multiline ? trimmed.replacingOccurrences(of: "\n", with: " ") : trimmed
        if let hidden = HiddenCharacter.first(in: checked) {
            errors.append(FieldError(field: field, message: hidden.description))
            return nil
        }
        return trimmed
    }

    /// The checked email address: the text rule, then the mail client's own (`MailAddress`), so
    /// that what is taken at the door is what can be sent to.
    public static func email(_ value: String, _ field: String, required: Bool, missing: String = "is required", errors: inout [FieldError]) -> String? {
        guard let text = text(value, field, required: required, limit: 254, missing: missing, errors: &errors) else { return nil }
        do { return try MailAddress(text).address } catch {
            errors.append(FieldError(field: field, message: "\"\(text.prefix(60))\" is not an email address (name@example.org)"))
            return nil
        }
    }
}
