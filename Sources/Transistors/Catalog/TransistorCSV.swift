import Foundation
import ListorKit

/// Transistors as CSV for spreadsheets: one row a part, numbers in base units (V, A, W, Hz, Ω),
/// through ListorKit's CSV writer (RFC 4180: quoted where needed, lines ending in CRLF); and
/// the same columns read back, in any order, with units allowed in the cells (`500mA`).
public enum TransistorCSV {
    /// The columns `text(_:)` writes and `read(_:)` knows: the seed's fields, then the datasheet's
    /// under the names its JSON uses.
    public static let columns = ["part_number", "family", "doping", "max_voltage", "max_current", "package", "use"]
        + RawDatasheet.Key.allCases.map(\.rawValue)

    /// The columns a row cannot do without.
    static let requiredColumns = ["part_number", "family", "doping", "max_voltage", "max_current", "package"]

    public static func text(_ transistors: [any Transistor]) -> String {
        CSV.write([columns] + transistors.map { transistor in
            let datasheet = TransistorJSON.value(transistor)["datasheet"]
            return [
                transistor.partNumber, transistor.family.rawValue, transistor.dopingName,
                transistor.ratings.maxVoltage.map(Quantity.unitless) ?? "", transistor.ratings.maxCurrent.map(Quantity.unitless) ?? "",
                transistor.package.name, transistor.use,
            ] + RawDatasheet.Key.allCases.map { key in
                switch datasheet?[key.rawValue] {
                case .number(let number)?: Quantity.unitless(number)
                case .string(let text)?: text
                default: ""
                }
            }
        })
    }

    /// Why a CSV file could not be read at all.
    public enum ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        case notUTF8
        case syntax(CSV.SyntaxError)
        case missingColumns([String])
        case repeatedColumn(String)

        public var description: String {
            switch self {
            case .notUTF8:
                "not a catalog: it does not start with [ (JSON), and it is not UTF-8 text (CSV)"
            case .syntax(let error):
                "not valid CSV: \(error)"
            case .missingColumns(let names):
                "not a catalog: it does not start with [ (JSON), and its first line, read as a CSV header, has no "
                    + names.joined(separator: ", ") + " column" + (names.count == 1 ? "" : "s")
                    + "; the columns are those `listor transistors list --format csv` writes: " + columns.joined(separator: ",")
            case .repeatedColumn(let name):
                "line 1: the column \(name) appears twice"
            }
        }
    }

    /// A catalog from CSV: every good row kept, every bad one reported by its line and column.
    /// A row repeating a part number is reported and the first kept, as in a JSON catalog.
    public static func read(_ bytes: some Collection<UInt8>) throws(ReadError) -> TransistorCatalog {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        let results = CSV.read(text)
        guard let first = results.first else { throw .missingColumns(requiredColumns) }
        let header: CSV.Record
        switch first {
        case .success(let record): header = record
        case .failure(let error): throw .syntax(error)
        }
        // A row that is not CSV costs that row alone.
        var records: [CSV.Record] = [header]
        var malformed: [Problem] = []
        for result in results.dropFirst() {
            switch result {
            case .success(let record): records.append(record)
            case .failure(let error): malformed.append(Problem(line: error.line, reason: "not CSV: \(error.message)"))
            }
        }
        let names = header.fields.map(normalizedColumn)
        var positions: [String: Int] = [:]
        for (position, name) in names.enumerated() where !name.isEmpty {
            if positions[name] != nil { throw .repeatedColumn(name) }
            positions[name] = position
        }
        let missing = requiredColumns.filter { positions[$0] == nil }
        guard missing.isEmpty else { throw .missingColumns(missing) }

        var problems: [Problem] = names.enumerated().compactMap { position, name in
            columns.contains(name) || name.isEmpty ? nil
                : Problem(field: "\(header.fields[position]) (column \(position + 1) of the header)", reason: "is not a catalog column; it was ignored")
        }
        problems += malformed
        var transistors: [any Transistor] = []
        var firstLine: [String: Int] = [:]
        for record in records.dropFirst() {
            let row = Row(record: record, positions: positions)
            do {
                let entry = try TransistorCatalogDecoder.CatalogEntry(json: try row.json(), codingPath: [])
                if let line = firstLine[entry.key] {
                    problems.append(Problem(line: record.line, itemName: entry.transistor.partNumber, field: row.label("part_number"),
                                            reason: "repeats line \(line); the first one is kept"))
                    continue
                }
                firstLine[entry.key] = record.line
                transistors.append(entry.transistor)
            } catch let error as CellError {
                problems.append(Problem(line: record.line, itemName: row.partNumber, field: row.label(error.column), reason: error.reason))
            } catch let error as DecodingError {
                let problem = Problem(decodingError: error)
                problems.append(Problem(line: record.line, itemName: row.partNumber,
                                        field: problem.field.map { row.label(column(ofJSONField: $0)) }, reason: problem.reason))
            } catch {
                problems.append(Problem(line: record.line, itemName: row.partNumber, reason: "\(error)"))
            }
        }
        return TransistorCatalog(transistors: transistors, problems: problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
    }

    /// "Part Number", "part-number" and "part_number" are one column.
    private static func normalizedColumn(_ name: String) -> String {
        name.trimmed().lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
    }

    /// The column that holds a JSON field: `ratings.max_voltage` is max_voltage, `BJT.bjt_doping` doping.
    private static func column(ofJSONField field: String) -> String {
        let last = field.split(separator: ".").last.map(String.init) ?? field
        if last.hasSuffix("_doping") { return "doping" }
        if TransistorFamily(rawValue: last) != nil { return "family" }
        return last
    }

    private struct CellError: Error {
        let column: String
        let reason: String
    }

    /// One data row, read through the header's columns.
    private struct Row {
        let record: CSV.Record
        let positions: [String: Int]

        func cell(_ column: String) -> String? {
            guard let position = positions[column], position < record.fields.count else { return nil }
            let text = CSV.unprotected(record.fields[position]).trimmed()
            return text.isEmpty ? nil : text
        }

        var partNumber: String? { cell("part_number") }

        /// "max_current (column 5)".
        func label(_ column: String) -> String {
            positions[column].map { "\(column) (column \($0 + 1))" } ?? column
        }

        /// The row as a seed-format JSON entry, its quantities read with their units.
        func json() throws -> JSONValue {
            let familyText = cell("family") ?? ""
            guard let family = TransistorFamily.allCases.first(where: { $0.rawValue.lowercased() == familyText.lowercased() }) else {
                throw CellError(column: "family", reason: familyText.isEmpty ? "missing" : "\"\(familyText)\" is not a family; use BJT, MOSFET or JFET")
            }
            let dopingKey = switch family {
            case .bjt: BJTDoping.codingKey
            case .mosfet: MOSFETDoping.codingKey
            case .jfet: JFETDoping.codingKey
            }
            // The doping in the words `--doping` and the search take (n, p, nmos, N-channel, npn, in
            // any case), as the family writes it; anything else is left for the decoder to name.
            let dopingText = cell("doping") ?? ""
            let doping = DopingFilter(dopingText).flatMap { filter -> String? in
                guard filter.families.contains(family) else { return nil }
                return switch family {
                case .bjt: (filter.isNType ? BJTDoping.npn : .pnp).rawValue
                case .mosfet: (filter.isNType ? MOSFETDoping.nmos : .pmos).rawValue
                case .jfet: (filter.isNType ? JFETDoping.nChannel : .pChannel).rawValue
                }
            } ?? dopingText
            var members: [(String, JSONValue)] = [
                ("part_number", .string(cell("part_number") ?? "")),
                (family.rawValue, .members([(dopingKey, .string(doping))])),
                ("ratings", .members(try ratings())),
                ("use", .string(cell("use") ?? "")),
                ("package", .string(cell("package") ?? "")),
            ]
            var datasheet: [(String, JSONValue)] = []
            for key in RawDatasheet.Key.allCases where cell(key.rawValue) != nil {
                switch key {
                case _ where key.isText: datasheet.append((key.rawValue, .string(cell(key.rawValue) ?? "")))
                default: datasheet.append((key.rawValue, try required(key.rawValue, key.unit)))
                }
            }
            if !datasheet.isEmpty { members.append(("datasheet", .members(datasheet))) }
            return .members(members)
        }

        /// The ratings the row gives: an empty cell is a rating the part's source does not give.
        private func ratings() throws -> [(String, JSONValue)] {
            let columns: [(String, PhysicalUnit)] = [("max_voltage", .volt), ("max_current", .ampere)]
            return try columns.filter { cell($0.0) != nil }.map { ($0.0, try required($0.0, $0.1)) }
        }

        /// A number, in the column's unit if it has one (`500mA`, `0.5`).
        private func required(_ column: String, _ unit: PhysicalUnit?) throws -> JSONValue {
            guard let text = cell(column) else { throw CellError(column: column, reason: "missing") }
            if let unit {
                do { return .number(try Quantity.parse(text, as: unit).value) } catch { throw CellError(column: column, reason: error.description) }
            }
            guard let number = Double(text), number.isFinite else { throw CellError(column: column, reason: "\"\(text)\" is not a number") }
            return .number(number)
        }
    }
}
