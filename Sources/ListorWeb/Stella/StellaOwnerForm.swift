/// What the back office's small forms send: the CSRF token, an order's tracking note, a
/// variant's new stock, and the list's query to go back to. Decoded by `URLEncodedFormDecoder`.
struct StellaOwnerForm: CSRFProtectedForm {
    var csrf: String?
    var tracking: String?
    var sku: String?
    var stock: String?
    /// The query of the list the form was on ("show=low&page=2").
    var back: String?
}
