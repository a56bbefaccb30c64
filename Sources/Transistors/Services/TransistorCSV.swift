import ListorKit

/// Transistors as CSV for spreadsheets: one row a part, numbers in base units (V, A, W), through
/// ListorKit's CSV writer (RFC 4180: quoted where needed, lines ending in CRLF).
public enum TransistorCSV {
    public static let columns = ["part_number", "family", "doping", "max_voltage", "max_current", "package", "use",
                                 "power_dissipation", "pinout", "complement"]

    public static func text(_ transistors: [any Transistor]) -> String {
        CSV.write([columns] + transistors.map { transistor in
            [
                transistor.partNumber, transistor.family.rawValue, transistor.dopingName,
                Quantity.unitless(transistor.ratings.maxVoltage), Quantity.unitless(transistor.ratings.maxCurrent),
                transistor.package.name, transistor.use,
                transistor.datasheet.powerDissipation.map(Quantity.unitless) ?? "",
                transistor.datasheet.pinout?.description ?? "", transistor.datasheet.complement ?? "",
            ]
        })
    }
}
