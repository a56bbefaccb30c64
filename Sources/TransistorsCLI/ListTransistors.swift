import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Transistors

struct ListTransistors: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List transistors, searched, filtered and sorted.",
        discussion: """
            Quantities take units and SI prefixes: --min-voltage 60V, --min-current 500mA, 1.5kV, 0.5 A.
            Sort orders: part, voltage, current, power, hfe, ft, rds, vgsth, idss, vgsoff; a leading '-' sorts highest first
            (--sort=-voltage). Parts without the figure come last.
            A partly bad catalog still lists its good parts; the problems go to standard error.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv
    }

    @Option(help: "The query language, as a parametric search takes it: families, dopings, packages, logic-level and conditions on figures (npn to-92 vce>=40V ic>=500mA hfe>=100; nmos logic-level rds<=50mohm sot-23; jfet idss 2mA..10mA); other words must all occur in the part number, use, package or doping.")
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
    @Option(help: ArgumentHelp("part, or a figure: voltage, current, power, hfe, ft, rds, vgsth, idss, vgsoff (the table shows it); prefix '-' for highest first.",
                               valueName: "order"))
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
        _ = try catalogOption.locations()
    }

    func run(in environment: CommandEnvironment) async throws {
        try await TransistorReport.withList(catalogOption, query: TransistorQuery.parse(queryInput).query, in: environment) { list in
            try show(list, in: environment)
        }
    }

    private func show(_ viewModel: TransistorListViewModel, in environment: CommandEnvironment) throws {
        switch format {
        case .table:
            let page = try viewModel.page(size: nil, facets: false)
            if page.rows.isEmpty {
                environment.write((page.emptyMessage ?? "") + "\n")
                return
            }
            environment.write(Self.table(page.rows, sortedBy: viewModel.query.sort, of: page.transistors, width: environment.columns) + "\n\(page.summary)\n")
        case .json:
            environment.write(TransistorJSON.value(try viewModel.matchingTransistors).serialized() + "\n")
        case .csv:
            environment.write(TransistorCSV.text(try viewModel.matchingTransistors))
        }
    }

    /// The list; sorted by a figure the table does not show otherwise (rds, hfe…), with that
    /// figure as a column after the ratings.
    static func table(_ rows: [TransistorRow], sortedBy sort: TransistorSort = .partNumber, of transistors: [any Transistor] = [], width: Int) -> String {
        var columns: [TextTable.Column] = [
            .init(title: "PART"), .init(title: "FAMILY"), .init(title: "TYPE"),
            .init(title: "VMAX", rightAligned: true), .init(title: "IMAX", rightAligned: true),
            .init(title: "PACKAGE", flexible: true), .init(title: "USE", flexible: true, isMain: true),
        ]
        var cells = rows.map { [$0.partNumber, $0.family, $0.doping, $0.maxVoltage, $0.maxCurrent, $0.package, $0.use] }
        if case .figure(let parameter) = sort.key, parameter != .voltage, parameter != .current, transistors.count == rows.count {
            columns.insert(.init(title: parameter.label.uppercased(), rightAligned: true), at: 5)
            for index in cells.indices { cells[index].insert(parameter.text(of: transistors[index]), at: 5) }
        }
        return TextTable(columns: columns, rows: cells, width: width).render()
    }
}
