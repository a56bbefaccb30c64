import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Transistors

struct ShowTransistor: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every datasheet fact of one transistor.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The part number, e.g. BC547 (case does not matter).")
    var part: String
    @Option(help: "text or json (the seed's format).")
    var format: Format = .text
    @OptionGroup var catalogOption: CatalogOption

    func run(in environment: CommandEnvironment) async throws {
        let transistor = try await TransistorReport.withList(catalogOption, in: environment) { list in
            try TransistorReport.part(part, in: list, environment: environment)
        }
        switch format {
        case .text: environment.write(Self.text(TransistorDetailViewModel(transistor: transistor)))
        case .json: environment.write(TransistorJSON.value(transistor).serialized() + "\n")
        }
    }

    static func text(_ detail: TransistorDetailViewModel) -> String {
        var lines = [detail.partNumber, detail.subtitle, detail.use]
        let labelWidth = detail.sections.flatMap(\.rows).map(\.label.count).max() ?? 0
        for section in detail.sections {
            lines.append("")
            lines.append(section.title)
            for row in section.rows {
                lines.append("  " + row.label + String(repeating: " ", count: labelWidth - row.label.count) + "  " + row.value)
            }
        }
        // Where the figures come from, as the web's page says it.
        let origin = [("Datasheet", detail.datasheetURL), ("Source", detail.source)].compactMap { label, value in value.map { "\(label): \($0)" } }
        if !origin.isEmpty { lines += [""] + origin }
        return lines.joined(separator: "\n") + "\n"
    }
}
