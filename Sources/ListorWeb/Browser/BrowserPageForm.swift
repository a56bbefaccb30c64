/// What the browser's page forms send: the CSRF token, a page's URL to forget, a direction to
/// move a host. Decoded by `URLEncodedFormDecoder`.
struct BrowserPageForm: CSRFProtectedForm {
    var csrf: String?
    var url: String?
    var direction: String?
}
