/// Comparisons of secrets (an admin token, a CSRF token) that take as long whatever they hold.
enum Secret {
    /// Whether `given` is `expected`, compared without stopping at the first difference, so
    /// that the time taken tells nothing of the secret.
    static func matches(_ given: String?, _ expected: String) -> Bool {
        let a = Array((given ?? "").utf8)
        let b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
