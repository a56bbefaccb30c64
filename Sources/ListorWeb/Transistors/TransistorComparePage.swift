import Foundation
import ListorKit
import Transistors

/// What `transistors/compare.mustache` shows: the parts side by side, what could not be found
/// with the closest parts as links, and a box to add one more.
struct TransistorComparePage: Encodable {
    struct Part: Encodable {
        let partNumber: String
        let href: String
        /// The comparison without this part.
        let removeHref: String
    }

    struct Cell: Encodable {
        let value: String
        let isBest: Bool
        let isMissing: Bool
    }

    struct Row: Encodable {
        let label: String
        let differs: Bool
        let cells: [Cell]
    }

    struct Unknown: Encodable {
        let message: String
        let suggestions: [Suggestion]
    }

    struct Suggestion: Encodable {
        let label: String
        let href: String
    }

    let title: String
    let parts: [Part]
    let rows: [Row]
    let canCompare: Bool
    let canAdd: Bool
    let unknown: [Unknown]
    let problems: [String]
    let hasErrors: Bool
    /// Why there is no table yet: "Add at least one more part".
    let prompt: String?
    let maximumParts: Int

    init(_ comparison: ComparisonViewModel) {
        let partNumbers = comparison.partNumbers
        title = comparison.canCompare ? "Compare \(partNumbers.joined(separator: ", ")) – Transistor Listor" : "Compare transistors – Transistor Listor"
        parts = partNumbers.map { part in
            let others = partNumbers.filter { $0 != part }
            return Part(partNumber: part, href: TransistorBrowserPage.detailPath(part, query: ""),
                        removeHref: others.isEmpty ? "/transistors/compare" : TransistorBrowserPage.comparePath(others))
        }
        rows = comparison.rows.map { row in
            Row(label: row.label, differs: row.differs, cells: zip(row.values, row.isBest).map { value, isBest in
                Cell(value: value.isEmpty ? "not given" : value, isBest: isBest, isMissing: value.isEmpty)
            })
        }
        canCompare = comparison.canCompare
        canAdd = comparison.canAdd
        unknown = comparison.unknown.map { error in
            // The closest parts not compared already, each a link that adds it.
            let suggestions = comparison.canAdd ? error.suggestions.filter { !partNumbers.contains($0) } : []
            return Unknown(message: "The catalog has no transistor \"\(error.partNumber.prefix(60))\"." + (suggestions.isEmpty ? "" : " Did you mean:"),
                           suggestions: suggestions.map { Suggestion(label: $0, href: TransistorBrowserPage.comparePath(partNumbers + [$0])) })
        }
        problems = comparison.problems
        hasErrors = !unknown.isEmpty || !problems.isEmpty
        maximumParts = ComparisonViewModel.maximumParts
        prompt = switch partNumbers.count {
        case 0: "Name two to \(ComparisonViewModel.maximumParts) parts to set them side by side, or tick them in the list."
        case 1: "Add at least one more part to compare with \(partNumbers[0])."
        default: nil
        }
    }
}
