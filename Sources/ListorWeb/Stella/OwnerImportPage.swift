import ListorKit
import Stella

/// What `stella/owner-import.mustache` shows: the form to send a Shopify product CSV; once
/// sent, what it would do (and the form to confirm it) or what it did, with each row's problem.
struct OwnerImportPage: Encodable {
    struct Choice: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    let section = "products"
    let csrf: String
    let choices: [Choice]
    /// The plan's or the import's summary.
    let summary: String?
    let file: String?
    let problems: [String]
    let hasProblems: Bool
    /// The file's text, sent back with the confirmation: only on a preview.
    let csv: String?
    let missing: String
    let problem: String?

    init(csrf: String, report: CatalogueImport? = nil, file: String? = nil, csv: String? = nil, missing: CatalogueImport.Missing = .keep, problem: String? = nil) {
        self.csrf = csrf
        choices = [Choice(value: "keep", label: "stay as they are", selected: missing == .keep),
                   Choice(value: "draft", label: "become drafts", selected: missing == .draft),
                   Choice(value: "archive", label: "are archived", selected: missing == .archive)]
        summary = report.map { $0.summary.prefix(1).uppercased() + $0.summary.dropFirst() + "." }
        self.file = file
        problems = report?.problems.map(\.description) ?? []
        hasProblems = !problems.isEmpty
        self.csv = csv
        self.missing = missing.rawValue
        self.problem = problem
    }
}
