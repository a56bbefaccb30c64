import ListorKit

/// How the commands report the bad items of a batch they still used: on standard error, one
/// per line under a count ("warning: 2 catalog entries could not be read:").
package enum ProblemReport {
    /// One warning per problem of the file as a whole (a column it ignored), then the entries
    /// that could not be read, counted and listed; with `listing` (and what lists them all,
    /// `more`), past that many only counted, once.
    package static func warn(_ problems: [Problem], one: String, many: String, listing limit: Int = .max, more: String = "",
                             in environment: CommandEnvironment) {
        let isWhole = { (problem: Problem) in problem.line == nil && problem.index == nil && problem.itemName == nil }
        for problem in problems where isWhole(problem) {
            environment.writeError("warning: \(problem)\n")
        }
        let entries = problems.filter { !isWhole($0) }
        guard !entries.isEmpty else { return }
        guard entries.count <= limit else {
            environment.writeError("warning: \(entries.count) \(entries.count == 1 ? one : many) could not be read (\(more))\n")
            return
        }
        let report = entries.map { "  \($0)" }.joined(separator: "\n")
        environment.writeError("warning: \(entries.count) \(entries.count == 1 ? one : many) could not be read:\n\(report)\n")
    }
}
