/// The token that deleting needs when the server has one (`--library-admin-token`): the API
/// takes it as `Authorization: Bearer …`, the delete page as a field.
struct AdminToken: Sendable {
    let value: String

    /// Whether `given` is the token, compared without stopping at the first difference, so that
    /// the time taken tells nothing of it.
    func matches(_ given: String?) -> Bool {
        let a = Array((given ?? "").utf8)
        let b = Array(value.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
