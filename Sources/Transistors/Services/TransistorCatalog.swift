import Foundation
import ListorKit

/// A loaded catalog: the transistors that decoded, and a problem for each entry that did not.
public struct TransistorCatalog: Sendable {
    public let transistors: [any Transistor]
    public let problems: [Problem]
    private let indexByPartNumber: [String: Int]

    public init(transistors: [any Transistor], problems: [Problem] = []) {
        self.transistors = transistors
        self.problems = problems
        var index: [String: Int] = [:]
        for (position, transistor) in transistors.enumerated() {
            index[TransistorCatalog.key(transistor.partNumber)] = position
        }
        indexByPartNumber = index
    }

    /// Looks a part up without regard to case: "bc547" finds BC547.
    public func transistor(partNumber: String) -> (any Transistor)? {
        indexByPartNumber[TransistorCatalog.key(partNumber)].map { transistors[$0] }
    }

    /// The part numbers closest to one that was not found.
    public func suggestions(for partNumber: String, limit: Int = 3) -> [String] {
        ClosestMatches.to(partNumber, in: transistors.map(\.partNumber), limit: limit)
    }

    static func key(_ partNumber: String) -> String {
        partNumber.trimmingCharacters(in: .whitespaces).uppercased()
    }
}

/// Reads a catalog in the seed's JSON format, keeping every good entry and reporting every bad one.
public struct TransistorCatalogDecoder: Sendable {
    public init() {}

    /// Throws only when nothing can be read at all: an empty file, text that is not JSON
    /// (with line and column), or a top level that is not an array.
    public func decode(_ bytes: some Collection<UInt8>) throws(BatchDecodingError) -> TransistorCatalog {
        let batch = try BatchDecoder().decode(RawTransistor.self, from: bytes, itemName: Self.partNumber(of:))
        return assemble(batch)
    }

    func assemble(_ batch: PartialResult<RawTransistor>) -> TransistorCatalog {
        var problems = batch.problems
        var transistors: [any Transistor] = []
        transistors.reserveCapacity(batch.items.count)
        var firstIndex: [String: Int] = [:]
        // Item indexes count every entry in the file, good or bad, so reports match the file.
        let goodIndexes = goodItemIndexes(total: batch.items.count + batch.problems.count, bad: batch.problems)
        for (raw, index) in zip(batch.items, goodIndexes) {
            let key = TransistorCatalog.key(raw.partNumber)
            if let first = firstIndex[key] {
                problems.append(Problem(index: index, itemName: raw.partNumber, field: "part_number",
                                        reason: "\"\(raw.partNumber)\" repeats item \(first); the first one is kept"))
                continue
            }
            guard let transistor = raw.toTransistor() else {
                problems.append(Problem(index: index, itemName: raw.partNumber, reason: "no family"))
                continue
            }
            firstIndex[key] = index
            transistors.append(transistor)
        }
        problems.sort { ($0.index ?? -1) < ($1.index ?? -1) }
        return TransistorCatalog(transistors: transistors, problems: problems)
    }

    private func goodItemIndexes(total: Int, bad: [Problem]) -> [Int] {
        let badIndexes = Set(bad.compactMap(\.index))
        return (0..<total).filter { !badIndexes.contains($0) }
    }

    static func partNumber(of item: JSONValue) -> String? {
        guard case .string(let text) = item["part_number"] else { return nil }
        let partNumber = text.trimmingCharacters(in: .whitespaces)
        return partNumber.isEmpty ? nil : partNumber
    }
}
