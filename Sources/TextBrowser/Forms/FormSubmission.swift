import Foundation

/// A form and the values the reader gave it, as the request a browser sends
/// (`application/x-www-form-urlencoded`, by GET in the query or by POST in the body).
public enum FormSubmission {
    /// `fields` are the form's fields with the reader's values; `submitter` is the index of the
    /// submit button pressed, whose name and value are sent (nil: the first button's are not).
    public static func request(for form: PageForm, fields: [FormField], submitter: Int?) -> PageRequest {
        var pairs: [(String, String)] = []
        for (index, field) in fields.enumerated() where !field.name.isEmpty {
            switch field.kind {
            case .checkbox, .radio:
                if field.isChecked { pairs.append((field.name, field.value)) }
            case .submit:
                if index == submitter { pairs.append((field.name, field.value)) }
            case .select:
                if !field.options.isEmpty { pairs.append((field.name, field.value)) }
            case .textarea:
                pairs.append((field.name, field.value.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")))
            case .text, .password, .hidden:
                pairs.append((field.name, field.value))
            }
        }
        let encoded = pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
        switch form.method {
        case .get:
            var components = URLComponents(url: form.action, resolvingAgainstBaseURL: false)
            components?.fragment = nil
            components?.percentEncodedQuery = encoded
            return PageRequest(url: components?.url ?? form.action)
        case .post:
            return PageRequest(url: form.action, method: "POST", body: Data(encoded.utf8), contentType: "application/x-www-form-urlencoded")
        }
    }

    /// The urlencoded serializer's bytes: letters, digits and `*-._` as they are, space as `+`.
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2A, 0x2D, 0x2E, 0x5F:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case 0x20:
                result += "+"
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
