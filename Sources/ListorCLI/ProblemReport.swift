import ListorKit

/// How the commands report the bad items of a batch they still used: on standard error, one
/// per line under a count ("warning: 2 catalog entries could not be read:").
enum ProblemReport {
    static func warn(_ problems: [Problem], one: String, many: String, in environment: CommandEnvironment) {
        guard !problems.isEmpty else { return }
        let report = problems.map { "  \($0)" }.joined(separator: "\n")
        environment.writeError("warning: \(problems.count) \(problems.count == 1 ? one : many) could not be read:\n\(report)\n")
    }
}
