import ArgumentParser
import Foundation
import ListorCommandKit
import ListorKit
import Transistors

struct SubstituteTransistors: ListorCommand {
    static let configuration = CommandConfiguration(
        commandName: "substitutes",
        abstract: "List the parts that can replace one, best first.",
        discussion: """
            A substitute has the same family, polarity and kind (a Darlington for a Darlington), ratings at least the
            original's and family figures no worse (hFE and fT; Rds(on) at the same or a lower gate voltage; Idss and
            Vgs(off) overlapping); for a small-signal part, none in a power package unless --power-packages. Parts in the
            same package with the same pins come first; the FIT column says what differs. A part that does not give a
            figure the original gives comes last, as unverified; NOTES says which.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @Argument(help: "The part to replace, e.g. BC547 (case does not matter).")
    var part: String
    @Flag(help: "Only parts in the same package with the same pinout.")
    var samePinout = false
    @Flag(help: "Show under each part the figures that make it a substitute.")
    var why = false
    @Flag(help: "For a small-signal part, offer parts in power packages (TO-126, TO-220, D2PAK, …) too.")
    var powerPackages = false
    @Option(help: ArgumentHelp("At most this many parts (1–\(SubstitutesViewModel.maximumLimit)).", valueName: "n"))
    var limit = SubstitutesViewModel.defaultLimit
    @Option(help: "table or json.")
    var format: Format = .table
    @OptionGroup var catalogOption: CatalogOption

    func validate() throws {
        guard (1...SubstitutesViewModel.maximumLimit).contains(limit) else {
            throw ValidationError("--limit: \(limit) is outside 1–\(SubstitutesViewModel.maximumLimit)")
        }
        _ = try catalogOption.locations()
    }

    func run(in environment: CommandEnvironment) async throws {
        let substitutes = try await TransistorReport.withList(catalogOption, in: environment) { list in
            try list.substitutes(for: try TransistorReport.part(part, in: list, environment: environment), samePinoutOnly: samePinout,
                                 allowsPowerPackages: powerPackages, limit: limit)
        }
        switch format {
        case .json:
            environment.write(TransistorJSON.value(substitutes).serialized() + "\n")
        case .table:
            environment.write(substitutes.rows.isEmpty ? substitutes.summary + "\n" : Self.table(substitutes.rows, why: why, width: environment.columns) + "\(substitutes.summary)\n")
        }
    }

    /// The parts shown to fit, then, under a line of their own, those that do not give a figure
    /// the original gives; with `why`, each row followed by its reasons.
    static func table(_ rows: [SubstitutesViewModel.Row], why: Bool, width: Int) -> String {
        let table = TextTable(
            columns: [
                .init(title: "PART"), .init(title: "FIT"), .init(title: "VMAX", rightAligned: true), .init(title: "IMAX", rightAligned: true),
                .init(title: "PACKAGE", flexible: true), .init(title: "PINS"), .init(title: "NOTES", flexible: true, isMain: true),
            ],
            rows: rows.map { [$0.partNumber, $0.placement, $0.maxVoltage, $0.maxCurrent, $0.package, $0.pinout, $0.note] },
            width: width)
        let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false)
        var text = String(lines[0]) + "\n"
        let firstUnverified = rows.firstIndex { !$0.isVerified }
        for (index, (row, line)) in zip(rows, lines.dropFirst()).enumerated() {
            if index == firstUnverified { text += "Unverified: a figure such parts are chosen by is not given\n" }
            text += line + "\n"
            guard why else { continue }
            for reason in row.reasons { text += "    ✓ \(reason)\n" }
            for warning in row.warnings { text += "    ! \(warning)\n" }
        }
        return text
    }
}
