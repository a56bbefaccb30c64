import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Transistors

struct CompareTransistors: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Set two to four parts side by side.",
        discussion: """
            Every field is one row. '≠' marks the rows whose values differ, '*' the best value of a row
            (the higher rating, gain or frequency; the lower threshold or on-resistance at the same gate voltage).
            """)

    @Argument(help: "Two to four part numbers, e.g. BC547 2N3904 2N2222A.")
    var parts: [String]
    @OptionGroup var catalogOption: CatalogOption

    func validate() throws {
        guard (2...ComparisonViewModel.maximumParts).contains(parts.count) else {
            throw ValidationError("give 2 to \(ComparisonViewModel.maximumParts) part numbers to compare, not \(parts.count)")
        }
        _ = try catalogOption.locations()
    }

    func run(in environment: CommandEnvironment) async throws {
        let comparison = try await TransistorReport.withList(catalogOption, in: environment) { try $0.comparison(of: parts) }
        guard comparison.unknown.isEmpty else {
            for error in comparison.unknown { environment.writeError("error: \(error)\n") }
            throw ExitCode.failure
        }
        guard comparison.canCompare else {
            environment.writeError("error: \(comparison.partNumbers.joined()) was named more than once; give 2 to \(ComparisonViewModel.maximumParts) different parts\n")
            throw ExitCode.failure
        }
        environment.write(Self.table(comparison, width: environment.columns))
    }

    static func table(_ comparison: ComparisonViewModel, width: Int) -> String {
        let table = TextTable(
            columns: [.init(title: "")] + [.init(title: "", flexible: true, isMain: true, minimum: 22)] + comparison.partNumbers.map { .init(title: $0, flexible: true, isMain: true) },
            rows: comparison.rows.map { row in
                [row.differs ? "≠" : "", row.label] + zip(row.values, row.isBest).map { value, isBest in
                    value.isEmpty ? "–" : isBest ? value + " *" : cut(value)
                }
            },
            width: width)
        return table.render() + "\n≠ the values differ   * the best of the row   – not given\n"
    }

    /// A long text (a part's use) cut so that four parts still fit side by side.
    private static func cut(_ text: String, to width: Int = 36) -> String {
        text.count <= width ? text : text.prefix(width - 1).trimmingCharacters(in: .whitespaces) + "…"
    }
}
