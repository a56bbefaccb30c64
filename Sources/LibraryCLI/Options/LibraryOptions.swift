import ArgumentParser
import Foundation
import Library
import ListorCommandKit

/// The library's options, the same for `serve` and for every `listor library` command: its
/// database, how long a loan lasts, its patron categories, and the admin token.
package struct LibraryOptions: ParsableArguments {
    package init() {}

    @Option(name: .customLong("library-db"),
            help: ArgumentHelp("The library's database: postgres://user:password@host:5432/database[?sslmode=require] (default: library.sqlite in the data directory).",
                               valueName: "url"))
    var database: String?
    @Option(name: .customLong("library-loan-days"), help: ArgumentHelp("How long a loan lasts before it is overdue (1 to 365; default 14).", valueName: "days"))
    var loanDays: Int?
    @Option(name: .customLong("library-category"), parsing: .singleValue,
            help: ArgumentHelp("A kind of patron with loan rules of its own, e.g. child:days=21,books=5,renewals=1 (each rule not given is the library's: --library-loan-days, 10 books, 2 renewals); repeat for each.",
                               valueName: "name:rules"))
    var categories: [String] = []
    @Option(name: .customLong("library-address"),
            help: ArgumentHelp("The library's postal address, printed on letters as the return address: lines apart with \\n or a newline, e.g. \"Prolific Library\\n1 Main St\\nSpringfield\".",
                               valueName: "address"))
    var address: String?
    @Option(name: [.customLong("library-admin-token"), .customLong("admin-token")],
            help: ArgumentHelp("The token every change to the library needs (Authorization: Bearer …); also $LISTOR_LIBRARY_ADMIN_TOKEN; empty means none.", valueName: "token"))
    var adminToken: String?

    /// Every problem of these options, each on its line: checked by the command that has them,
    /// with its own, so that all are said at once.
    package func problems() -> [String] {
        var problems: [String] = []
        if let loanDays, !(1...365).contains(loanDays) { problems.append("--library-loan-days: \(loanDays) is outside 1 to 365") }
        do { _ = try policy() } catch { problems.append((error as? ValidationError)?.message ?? "\(error)") }
        do { _ = try LibrarySettings.database(database, dataDirectory: "") } catch { problems.append(error.description) }
        return problems
    }

    /// The rules of lending: the loan period, and each category's rules; a category named twice
    /// is refused.
    func policy() throws -> CirculationPolicy {
        var policy = CirculationPolicy(loanPeriod: .seconds((loanDays ?? 14) * 86400))
        for text in categories {
            let category: PatronCategory
            do { category = try PatronCategory(parsing: text, defaults: policy) } catch { throw ValidationError("--library-category: \(error)") }
            guard policy.category(named: category.name) == nil else { throw ValidationError("--library-category: \"\(category.name)\" is named twice") }
            policy.categories.append(category)
        }
        return policy
    }

    /// The lines of `--library-address`.
    var returnAddress: [String] {
        (address ?? "").replacingOccurrences(of: "\\n", with: "\n").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The library these options name, its SQLite file in `dataDirectory` unless another database
    /// is named; the admin token may come from `variables`, the command's environment.
    package func settings(dataDirectory: String, server: URL? = nil, variables: [String: String]) throws -> LibrarySettings {
        LibrarySettings(server: server, database: try LibrarySettings.database(database, dataDirectory: dataDirectory),
                        policy: try policy(), returnAddress: returnAddress,
                        adminToken: LibrarySettings.adminToken(option: adminToken, environment: variables))
    }
}
