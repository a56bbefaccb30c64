import Foundation
import ListorKit

/// Reads a catalog in the seed's JSON format, as CSV, as a KiCad symbol library or as a SPICE
/// model library, told apart by their content, keeping every good entry and reporting every bad one.
public struct TransistorCatalogDecoder: Sendable {
    public init() {}

    /// Throws only when nothing can be read at all: an empty file, text that is not JSON
    /// (with line and column), a top level that is not an array, or CSV without the header
    /// the catalog's columns need.
    /// `file` names the catalog in the source of each part that keeps one (a KiCad symbol's).
    public func decode(_ bytes: some Collection<UInt8>, file: String? = nil) throws -> TransistorCatalog {
        if Self.isKiCadLibrary(bytes) { return try KiCadTransistors.read(bytes, file: file) }
        if Self.looksLikeCSV(bytes) {
            return SpiceModels.isModelLibrary(bytes) ? SpiceModels.read(bytes, file: file) : try TransistorCSV.read(bytes)
        }
        let batch = try BatchDecoder().decodeConcurrently(CatalogEntry.self, from: bytes, itemName: Self.partNumber(of:))
        return assemble(batch)
    }

    /// A KiCad symbol library starts with `(kicad_symbol_lib`, after any white space.
    static func isKiCadLibrary(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.drop { [0x20, 0x0A, 0x0D, 0x09].contains($0) }.starts(with: Array("(kicad_symbol_lib".utf8))
    }

    /// JSON starts with `[` or `{` after any byte-order mark and white space; anything else
    /// that is not blank is read as CSV.
    static func looksLikeCSV(_ bytes: some Collection<UInt8>) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        guard let first = rest.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { return false }
        return first != UInt8(ascii: "[") && first != UInt8(ascii: "{")
    }

    /// One decoded entry, made on the decoding threads: the transistor and its lookup key.
    struct CatalogEntry: JSONValueDecodable, Sendable {
        let transistor: any Transistor
        let key: String

        init(from decoder: any Decoder) throws {
            try self.init(decodingJSONFrom: decoder)
        }

        init(json: JSONValue, codingPath: [any CodingKey]) throws {
            let raw = try RawTransistor(json: json, codingPath: codingPath)
            guard let transistor = raw.toTransistor() else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "no family"))
            }
            self.transistor = transistor
            key = TransistorCatalog.key(raw.partNumber)
        }
    }

    /// Drops repeated part numbers (keeping the first) and builds the lookup index.
    func assemble(_ batch: PartialResult<CatalogEntry>) -> TransistorCatalog {
        var problems = batch.problems
        var transistors: [any Transistor] = []
        transistors.reserveCapacity(batch.items.count)
        // Each part number's position in `transistors`, and the file's item index at each position.
        var positions: [String: Int] = [:]
        var itemIndexes: [Int] = []
        positions.reserveCapacity(batch.items.count)
        itemIndexes.reserveCapacity(batch.items.count)
        // Item indexes count every entry in the file, good or bad, so reports match the file.
        let goodIndexes = goodItemIndexes(total: batch.items.count + batch.problems.count, bad: batch.problems)
        for (entry, index) in zip(batch.items, goodIndexes) {
            if let position = positions[entry.key] {
                let partNumber = entry.transistor.partNumber
                problems.append(Problem(index: index, itemName: partNumber, field: "part_number",
                                        reason: "\"\(partNumber)\" repeats item \(itemIndexes[position]); the first one is kept"))
                continue
            }
            positions[entry.key] = transistors.count
            itemIndexes.append(index)
            transistors.append(entry.transistor)
        }
        problems.sort { ($0.index ?? -1) < ($1.index ?? -1) }
        return TransistorCatalog(transistors: transistors, problems: problems, indexByPartNumber: positions)
    }

    private func goodItemIndexes(total: Int, bad: [Problem]) -> [Int] {
        let badIndexes = Set(bad.compactMap(\.index))
        return (0..<total).filter { !badIndexes.contains($0) }
    }

    @Sendable static func partNumber(of item: JSONValue) -> String? {
        guard case .string(let text) = item["part_number"] else { return nil }
        let partNumber = text.trimmed()
        return partNumber.isEmpty ? nil : partNumber
    }
}
