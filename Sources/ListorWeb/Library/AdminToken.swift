/// The token that deleting needs when the server has one (`--library-admin-token`): the API
/// takes it as `Authorization: Bearer …`, the delete page as a field.
struct AdminToken: Sendable {
    let value: String

    func matches(_ given: String?) -> Bool {
        Secret.matches(given, value)
    }
}
