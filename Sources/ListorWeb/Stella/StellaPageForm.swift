/// What Stella's page forms send: the CSRF token, a product and its chosen values, a line of the
/// bag and its quantity, and the checkout's fields. Decoded by `URLEncodedFormDecoder`.
struct StellaPageForm: CSRFProtectedForm {
    var csrf: String?
    var code: String?
    var option1: String?
    var option2: String?
    var option3: String?
    var sku: String?
    var quantity: String?
    var name: String?
    var email: String?
    var address: String?

    /// The value chosen for a product's option, by field name ("option1").
    func choice(_ field: String) -> String? {
        switch field {
        case "option1": option1
        case "option2": option2
        case "option3": option3
        default: nil
        }
    }
}
