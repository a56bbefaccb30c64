/// The token that writes need when the server has one (`--library-admin-token`): the API takes
/// it as `Authorization: Bearer …`, the sign-in and delete pages as a field.
struct AdminToken: Sendable {
    let value: String

    func matches(_ given: String?) -> Bool {
        Secret.matches(given, value)
    }
}
