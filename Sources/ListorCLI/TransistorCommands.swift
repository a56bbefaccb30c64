import Foundation
import ArgumentParser
import ListorKit
import Transistors

/// `listor transistors …`: Transistor Listor (seed 000) in the terminal.
struct TransistorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transistors",
        abstract: "Browse a catalog of BJTs, MOSFETs and JFETs.",
        subcommands: [ListTransistors.self, ShowTransistor.self],
        defaultSubcommand: ListTransistors.self)
}

/// Options shared by every transistor command.
struct CatalogOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A catalog in the seed's JSON format (default: the bundled one).", valueName: "file|url"))
    var catalog: String?
}

// MARK: - list

struct ListTransistors: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List transistors, searched, filtered and sorted.",
        discussion: """
            Quantities take units and SI prefixes: --min-voltage 60V, --min-current 500mA, 1.5kV, 0.5 A.
            Sort orders: part, voltage, current; a leading '-' sorts highest first (--sort=-voltage).
            A partly bad catalog still lists its good parts; the problems go to standard error.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv
    }

    @Option(help: "Words that must all occur in the part number, use, package or doping.")
    var search: String?
    @Option(help: "bjt, mosfet or jfet.")
    var family: String?
    @Option(help: "NPN, PNP, NMOS, PMOS, N-channel, P-channel, or n / p for a polarity in any family.")
    var doping: String?
    @Option(help: "A package name such as TO-92 or SOT-23 (aliases like TO92 work).")
    var package: String?
    @Option(help: ArgumentHelp("Leave out parts rated below this voltage.", valueName: "voltage"))
    var minVoltage: String?
    @Option(help: ArgumentHelp("Leave out parts rated below this current.", valueName: "current"))
    var minCurrent: String?
    @Option(help: ArgumentHelp("part, voltage or current; prefix '-' for highest first.", valueName: "order"))
    var sort: String?
    @Option(help: "table, json (the seed's format) or csv.")
    var format: Format = .table
    @OptionGroup var catalogOption: CatalogOption

    private var queryInput: TransistorQuery.Input {
        TransistorQuery.Input(search: search, family: family, doping: doping, package: package,
                              minVoltage: minVoltage, minCurrent: minCurrent, sort: sort)
    }

    /// Every bad option is reported at once, by its option name, before anything is loaded.
    func validate() throws {
        let errors = TransistorQuery.parse(queryInput).errors
        if !errors.isEmpty {
            throw ValidationError(errors.map { "--\($0.field.replacingOccurrences(of: "_", with: "-")): \($0.message)" }.joined(separator: "\n"))
        }
        _ = try CatalogLocation(argument: catalogOption.catalog)
    }

    func run(in environment: CommandEnvironment) async throws {
        let query = TransistorQuery.parse(queryInput).query
        let location = try CatalogLocation(argument: catalogOption.catalog)
        var viewModel = TransistorListViewModel(query: query)
        viewModel = try await CompositionRoot.withCatalogProvider(location) { provider in
            var loading = viewModel
            await loading.load(from: provider)
            return loading
        }
        try TransistorReport.check(viewModel.state, problems: viewModel.problems, in: environment)

        switch format {
        case .table:
            let page = viewModel.page
            if page.rows.isEmpty {
                environment.write((page.emptyMessage ?? "") + "\n")
                return
            }
            environment.write(Self.table(page.rows) + "\n\(page.summary)\n")
        case .json:
            environment.write(TransistorJSON.value(viewModel.matchingTransistors).serialized() + "\n")
        case .csv:
            environment.write(Self.csv(viewModel.matchingTransistors))
        }
    }

    static func table(_ rows: [TransistorRow]) -> String {
        TextTable(
            columns: [
                .init(title: "PART"), .init(title: "FAMILY"), .init(title: "TYPE"),
                .init(title: "VMAX", rightAligned: true), .init(title: "IMAX", rightAligned: true),
                .init(title: "PACKAGE"), .init(title: "USE", flexible: true),
            ],
            rows: rows.map { [$0.partNumber, $0.family, $0.doping, $0.maxVoltage, $0.maxCurrent, $0.package, $0.use] }
        ).render()
    }

    /// Numbers in base units (V, A, W), as spreadsheets want them.
    static func csv(_ transistors: [any Transistor]) -> String {
        let header = ["part_number", "family", "doping", "max_voltage", "max_current", "package", "use",
                      "power_dissipation", "pinout", "complement"]
        let lines = transistors.map { transistor in
            CSV.line([
                transistor.partNumber, transistor.family.rawValue, transistor.dopingName,
                Quantity.unitless(transistor.ratings.maxVoltage), Quantity.unitless(transistor.ratings.maxCurrent),
                transistor.package.name, transistor.use,
                transistor.datasheet.powerDissipation.map(Quantity.unitless) ?? "",
                transistor.datasheet.pinout?.description ?? "", transistor.datasheet.complement ?? "",
            ])
        }
        return ([CSV.line(header)] + lines).joined(separator: "\n") + "\n"
    }
}

// MARK: - show

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
        let location = try CatalogLocation(argument: catalogOption.catalog)
        let state = try await CompositionRoot.withCatalogProvider(location) { provider in
            var final: LoadingState<TransistorCatalog> = .idle
            await LoadingState.load(provider) { final = $0 }
            return final
        }
        let problems = state.value?.problems ?? []
        try TransistorReport.check(state, problems: problems, in: environment)
        guard let catalog = state.value, let transistor = catalog.transistor(partNumber: part) else {
            let suggestions = state.value?.suggestions(for: part) ?? []
            let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: ", "))?"
            environment.writeError("error: no transistor \"\(part)\" in the catalog.\(hint)\n")
            throw ExitCode.failure
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
        return lines.joined(separator: "\n") + "\n"
    }
}

// MARK: - Reporting

/// How the commands report a catalog that failed or was partly bad.
enum TransistorReport {
    /// Writes the problem report to standard error; fails when nothing could be loaded.
    static func check(_ state: LoadingState<TransistorCatalog>, problems: [Problem], in environment: CommandEnvironment) throws {
        if let message = state.errorMessage {
            environment.writeError("error: \(message)\n")
            throw ExitCode.failure
        }
        if !problems.isEmpty {
            let noun = problems.count == 1 ? "entry" : "entries"
            let report = problems.map { "  \($0)" }.joined(separator: "\n")
            environment.writeError("warning: \(problems.count) catalog \(noun) could not be read:\n\(report)\n")
        }
        if let catalog = state.value, catalog.transistors.isEmpty, !problems.isEmpty {
            environment.writeError("error: no entry of the catalog could be read\n")
            throw ExitCode.failure
        }
    }
}
